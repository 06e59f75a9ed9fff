import { join } from 'node:path';
import { generateClip, SHORT_CLIP } from '@popstage/testkit/clip';
import { describe, expect, it } from 'vitest';
import { adminToast, embedded, openAdmin, waitForAppPath } from './admin';
import { screenshot, screenshotsAtBothWidths } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

/**
 * Issue 31 point 7: a collection carousel's form previews the Popclips the storefront will show,
 * in the carousel's order; the merchant reorders them and the storefront feed follows.
 */

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const session = journeySession(BASE, DEMO, { resetAfter: true });

const order = () =>
  embedded(session.page)
    .app.getByRole('list', { name: 'Carousel order' })
    .getByRole('listitem')
    .allTextContents();

describe('collection carousel', () => {
  it("previews the collection's Popclips, saves the merchant's order, and the feed follows it", async () => {
    const { page, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-premium']);
    const api = shopApi(page.request, BASE, DEMO);
    const product = await firstPublishedProduct(api);
    const titles = ['Red look', 'Green look', 'Blue look'];
    const ids: string[] = [];
    for (const [index, title] of titles.entries()) {
      const file = await generateClip(join(workDir, `clip-${index}.mp4`), {
        ...SHORT_CLIP,
        hue: index * 120,
      });
      ids.push(await uploadClip(page.request, BASE, DEMO, title, file, product));
    }
    for (const id of ids) await waitUntilProcessed(page.request, BASE, DEMO, id);

    // A collection holding the tagged product (the preview's own call finds its clips).
    const collections = await api<{ data: { id: string; title: string }[] }>(
      'GET',
      '/api/catalogue/collections',
    );
    let picked: { id: string; title: string } | undefined;
    for (const collection of collections.data) {
      const clips = await api<{ data: string[] }>(
        'GET',
        `/api/popclips/carousels/collection-clips?collectionId=${encodeURIComponent(collection.id)}`,
      );
      if (clips.data.length === ids.length) {
        picked = collection;
        break;
      }
    }
    if (!picked) throw new Error('no demo collection holds the tagged product');

    const { admin, app } = await openAdmin(page, BASE, DEMO, '/popclips/create-carousel');
    await app.getByRole('heading', { name: 'Create Carousel', level: 1 }).waitFor();
    await app.getByLabel('Carousel title').fill('Collection picks');
    // Polaris draws its own radio over the input: click the label, as a merchant does.
    await app.getByText('Selected by Collection', { exact: true }).click();
    await app.getByLabel('Search collections').fill(picked.title);
    await app
      .getByRole('group', { name: 'Collections' })
      .getByText(picked.title, { exact: true })
      .click();
    // Newest first until the merchant moves one.
    await expect.poll(order).toEqual(['1Blue look', '2Green look', '3Red look']);
    await app.getByRole('button', { name: 'Move Red look up' }).click();
    await expect.poll(order).toEqual(['1Blue look', '2Red look', '3Green look']);
    await screenshotsAtBothWidths(page, 'collection-carousel-preview');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(800);
    await app.getByRole('list', { name: 'Carousel order' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'collection-carousel-preview-375-list');
    await page.setViewportSize({ width: 1280, height: 900 });

    await app.getByRole('button', { name: 'Save', exact: true }).click();
    const steps = app.getByRole('dialog', { name: 'Publish your carousel' });
    await steps.getByRole('button', { name: 'Publish carousel' }).click();
    await adminToast(admin, 'Carousel published').waitFor();
    await waitForAppPath(admin, BASE, DEMO, '/popclips/list', { prefix: true });

    const expected = [ids[2], ids[0], ids[1]];
    const stored = await api<{ data: { sorted_popclips_ids: string[] }[] }>(
      'GET',
      `/api/popclips/carousels?customerId=${DEMO}`,
    );
    expect(stored.data[0]?.sorted_popclips_ids).toEqual(expected);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`${BASE}/storefront/v1/shops/${DEMO}/feed`);
          const feed = (await res.json()) as { carousels: { title: string; clipIds: string[] }[] };
          return feed.carousels.find((c) => c.title === 'Collection picks')?.clipIds;
        },
        { timeout: 90_000, interval: 2000 },
      )
      .toEqual(expected);
  });
});

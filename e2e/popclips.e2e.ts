import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateClip, generateCorruptFile } from '@popstage/testkit/clip';
import { pngImage } from '@popstage/testkit/image';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSaveBar, adminToast, openAdmin, waitForAppPath } from './admin';
import { screenshot } from './browser';
import { uploadClip } from './clips';
import { localShopify } from './local-shopify';
import {
  createAccounts,
  firstPublishedProduct,
  prepareShop,
  shopApi,
  subscribe,
} from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';

/** A solid-colour 180x320 PNG for the custom thumbnail. */
function writeThumbnail(path: string): string {
  writeFileSync(path, pngImage({ width: 180, height: 320, rgb: [230, 90, 60] }));
  return path;
}

const session = journeySession(BASE, DEMO);

/**
 * A phone and a desktop width (the frame settles after a resize), from the top of the app or
 * scrolled to `focus`.
 */
async function screenshots(page: Page, name: string, focus?: Locator) {
  await page
    .frameLocator('#app-frame')
    .locator('body')
    .evaluate(() => window.scrollTo(0, 0));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(800);
    await focus?.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
  }
}

describe('popclips journeys', () => {
  it('uploads a clip with a thumbnail and two products, edits it and deletes it', async () => {
    const { page, workDir } = session;
    const [video, thumbnail] = await Promise.all([
      generateClip(join(workDir, 'spring look.mp4')),
      writeThumbnail(join(workDir, 'thumbnail.png')),
    ]);
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic']);

    const { admin, app } = await openAdmin(page, BASE, DEMO, '/popclips/list');
    await app.getByText('No Popclips found').waitFor();
    await app.getByRole('button', { name: 'Create Popclip' }).click();
    await app.getByRole('heading', { name: 'Create Popclip', level: 1 }).waitFor();

    // A text file named .mp4 is refused in the browser, before anything is uploaded.
    const notes = join(workDir, 'notes.mp4');
    writeFileSync(notes, 'Shopping list: linen shirt, sandals.\n');
    await app.getByLabel('Video', { exact: true }).setInputFiles(notes);
    await app
      .getByText('This file is not a playable video. Please upload an .mp4 or .mov video.')
      .first()
      .waitFor();
    await screenshots(page, 'popclips-create-not-a-video');

    await app.getByLabel('Clip Title').fill('Spring look in the garden');
    await app.getByLabel('Video', { exact: true }).setInputFiles(video);
    await app.getByLabel('Video preview').waitFor();
    await app.getByLabel('Use a custom thumbnail').check();
    await app.getByLabel('Thumbnail image').setInputFiles(thumbnail);
    await app.getByAltText('Custom thumbnail').waitFor();

    // The sandbox catalogue: the search goes out once typing has stopped for 1.5 s.
    const searched = page.waitForResponse((r) =>
      r.url().includes('/api/catalogue/products?query=cotton'),
    );
    await app.getByLabel('Search products').fill('cotton');
    await searched;
    const tagButtons = app
      .getByRole('list', { name: 'Products' })
      .getByRole('button', { name: /^Tag / });
    await tagButtons.nth(1).waitFor();
    await tagButtons.nth(0).click();
    await tagButtons.nth(1).click();
    const tagged = app.getByRole('list', { name: 'Tagged products' }).getByRole('listitem');
    await expect.poll(() => tagged.count()).toBe(2);
    await screenshot(page, 'popclips-create-form');

    await app.getByRole('button', { name: 'Save' }).click();
    const congratulations = app.getByRole('dialog');
    await congratulations.getByText('Congratulations!').waitFor({ timeout: 30_000 });
    await congratulations.getByRole('button', { name: 'Go to Popclips List' }).click();

    await waitForAppPath(admin, BASE, DEMO, '/popclips/list', { prefix: true });
    const card = app.getByRole('heading', { name: 'Spring look in the garden' });
    await card.waitFor();
    // Until the worker is done the card says Processing... (on a fast run it may already be done).
    if (await app.getByText('Processing...').first().isVisible()) {
      await screenshot(page, 'popclips-list-processing');
    }
    // Processing runs in the server's worker; the list polls every 8 s until it is done.
    await expect
      .poll(() => app.getByText('Processing...').count(), { timeout: 90_000, interval: 1000 })
      .toBe(0);
    await app.getByText('0 views').waitFor();
    await screenshots(page, 'popclips-list');

    // The title search asks the server (spec 02 §7), page 1, size 14.
    const search = page.waitForResponse((r) => r.url().includes('/api/popclips/search?'));
    await app.getByPlaceholder('Search by title').fill('garden');
    expect(new URL((await search).url()).searchParams.get('size')).toBe('14');
    await app.getByRole('heading', { name: 'Spring look in the garden' }).waitFor();
    await app.getByPlaceholder('Search by title').fill('no such clip');
    await app.getByText('No Result Found!').waitFor();
    await app.getByPlaceholder('Search by title').fill('');

    await app.getByRole('link', { name: 'Edit Spring look in the garden' }).click();
    await app.getByRole('heading', { name: 'Edit Popclip', level: 1 }).waitFor();
    const title = app.getByLabel('Clip Title');
    await expect.poll(() => title.inputValue()).toBe('Spring look in the garden');
    await expect.poll(() => tagged.count()).toBe(2);
    await title.fill('Summer look by the sea');
    // The clip form saves through the admin's contextual save bar, as Settings does.
    const saveBar = adminSaveBar(admin);
    await saveBar.getByText('Unsaved changes').waitFor();
    await screenshots(page, 'popclips-edit-dirty');
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await adminToast(admin, 'Popclip saved.').waitFor();
    await waitForAppPath(admin, BASE, DEMO, '/popclips/list', { prefix: true });
    await app.getByRole('heading', { name: 'Summer look by the sea' }).waitFor();

    await app.getByRole('button', { name: 'Delete Summer look by the sea' }).click();
    await app.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await adminToast(admin, 'Clip successfully deleted.').waitFor();
    await app.getByText('No Popclips found').waitFor();
  }, 240_000);

  it('on Free: onboarding finishes with the all-Popclips carousel; the share limit offers Upgrade', async () => {
    const { page } = session;
    const api = shopApi(page.request, BASE, DEMO);
    await subscribe(page.request, BASE, DEMO, ['addon-popclips-free-2025']);
    await createAccounts(page.request, BASE, DEMO);
    // Steps 1 and 2 through the store; step 3 is skipped in the wizard itself.
    await api('GET', '/api/shopify/shop');
    const embed = await page.request.post(`${localShopify(BASE)}/sandbox/api/shops/${DEMO}/embed`, {
      data: { enabled: true },
    });
    expect(embed.ok()).toBe(true);
    await api('POST', '/api/shopify/shop/live-page');
    const published = await page.request.post(
      `${localShopify(BASE)}/sandbox/api/shops/${DEMO}/publish-products`,
    );
    expect(published.ok()).toBe(true);

    const { app } = await openAdmin(page, BASE, DEMO, '/get-started');
    await app.getByRole('heading', { name: 'Get Started', level: 1 }).waitFor();
    await app.getByRole('button', { name: 'Skip' }).click();
    // Free has no custom carousels: step 4 offers the all-Popclips carousel or the upgrade.
    const addAll = app.getByRole('link', { name: 'Add all-Popclips carousel' });
    await addAll.waitFor();
    await app.getByRole('button', { name: 'Upgrade for custom carousels' }).waitFor();
    await screenshots(page, 'onboarding-step4-free', addAll);
    const editor = page.context().waitForEvent('page');
    await addAll.click();
    await (await editor).close();
    await app.getByText('100% complete').waitFor();

    // Five shares a month on Free: the sixth clip's share modal offers the upgrade.
    const product = await firstPublishedProduct(api);
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const answer = await api<{ clip: { metaIdentifier: string } }>(
        'POST',
        '/api/media/csUpload',
        {
          fileName: `clip${n}.mp4`,
          fileMeta: { type: 'video/mp4', size: 1000 },
          metaData: {
            videoTitle: `Look ${n}`,
            products: [
              {
                shopifyProductId: product.id,
                shopifyProductHandle: product.handle,
                shopifyProductUrl: `https://${DEMO}/products/${product.handle}`,
                defaultImage: null,
              },
            ],
          },
        },
      );
      ids.push(answer.clip.metaIdentifier);
    }
    for (const metaIdentifier of ids.slice(0, 5)) {
      await api('POST', '/api/shopify/shop/popclips/share-gating', { metaIdentifier });
    }
    await openAdmin(page, BASE, DEMO, '/popclips/list');
    await app.getByRole('button', { name: 'Share Look 6' }).click();
    const share = app.getByRole('dialog', { name: 'Share Popclip' });
    await share.getByText(/maximum limit of 5 Popclip shares/).waitFor();
    await screenshots(page, 'share-limit-upgrade');
    await share.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await app.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
  }, 240_000);

  it('a failed clip takes a new video from Edit and is processed', async () => {
    const { page, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic']);
    const api = shopApi(page.request, BASE, DEMO);
    const product = await firstPublishedProduct(api);
    const [broken, good] = await Promise.all([
      generateCorruptFile(join(workDir, 'broken.mp4')),
      generateClip(join(workDir, 'good.mp4')),
    ]);
    // Through the API, as a browser that cannot check the bytes would send it.
    await uploadClip(page.request, BASE, DEMO, 'Autumn coat', broken, product);

    const { admin, app } = await openAdmin(page, BASE, DEMO, '/popclips/list');
    const again = app.getByRole('link', { name: 'Upload Autumn coat again' });
    await again.waitFor({ timeout: 90_000 });
    await again.click();
    await app.getByRole('heading', { name: 'Edit Popclip', level: 1 }).waitFor();
    await app.getByText('Processing failed').waitFor();
    await app.getByLabel('Video', { exact: true }).setInputFiles(good);
    await app.getByText('good.mp4').waitFor();
    const saveBar = adminSaveBar(admin);
    await saveBar.getByText('Unsaved changes').waitFor();
    await screenshots(page, 'popclips-edit-reupload');
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await waitForAppPath(admin, BASE, DEMO, '/popclips/list', { prefix: true });
    await app.getByRole('heading', { name: 'Autumn coat' }).waitFor();
    await expect
      .poll(() => app.getByText('Processing...').count(), { timeout: 90_000, interval: 1000 })
      .toBe(0);
    await app.getByRole('link', { name: 'Edit Autumn coat' }).waitFor();

    // Basic already pays $29.99: collection carousels offer Premium at its price, preselected.
    await openAdmin(page, BASE, DEMO, '/popclips/create-carousel');
    await app.getByRole('heading', { name: 'Create Carousel', level: 1 }).waitFor();
    await app.getByText('Selected by Collection', { exact: true }).click();
    const upgrade = app.getByRole('dialog');
    await upgrade.getByRole('button', { name: 'Upgrade for $149.99/month' }).waitFor();
    await screenshots(page, 'carousels-upgrade-premium');
    await upgrade.getByRole('button', { name: 'Upgrade for $149.99/month' }).click();
    await app.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    await app.getByText('Confirm Plan Change').waitFor();
    await screenshots(page, 'plans-premium-preselected');
  }, 240_000);
});

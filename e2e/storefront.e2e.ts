import { join } from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './admin';
import { screenshot } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const TITLE = 'Featured garden look';

/** The answer to a storefront events batch (the widget flushes 5 s after a batch's first event) holding `type`. */
function eventsWith(type: string, clipId: string) {
  return (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST') return false;
    if (!request.url().endsWith(`/storefront/v1/shops/${DEMO}/events`)) return false;
    const body = request.postDataJSON() as { events?: { type: string; clipId: string }[] } | null;
    return !!body?.events?.some((e) => e.type === type && e.clipId === clipId);
  };
}

const session = journeySession(BASE, DEMO);

describe('storefront player', () => {
  it('plays the featured clip on the sandbox storefront, counts a view and a like, shows them in the admin', async () => {
    const { page, browser, workDir } = session;
    // Premium: views from basic, likes (and the widget's like button) from premium.
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-premium']);
    const api = shopApi(page.request, BASE, DEMO);
    const product = await firstPublishedProduct(api);
    const file = await generateClip(join(workDir, 'featured.mp4'));
    const clipId = await uploadClip(page.request, BASE, DEMO, TITLE, file, product);

    // The feed only carries processed clips: wait for the worker.
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);
    const featured = await api<{ data: { featuredPopclipId: string } }>(
      'POST',
      '/api/shopify/shop/featured-popclip',
      { popclip_id: clipId },
    );
    expect(featured.data.featuredPopclipId).toBe(clipId);
    const embed = await page.request.post(`${localShopify(BASE)}/sandbox/api/shops/${DEMO}/embed`, {
      data: { enabled: true },
    });
    expect(embed.ok()).toBe(true);

    // A shopper: a fresh browser context (own visitor id, no session flags).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const shopper = await context.newPage();
      // Shoppers never fetch the animated GIF preview (the bubble shows its silent loop).
      const gifs: string[] = [];
      shopper.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('.gif')) gifs.push(request.url());
      });
      await shopper.goto(`${localShopify(BASE)}/sandbox/store/${DEMO}`);
      const bubble = shopper.getByRole('button', { name: `Play featured video: ${TITLE}` });
      await bubble.waitFor();
      // The bubble shows a picture: its loop's first frame (the poster only if the loop fails).
      await expect
        .poll(() =>
          shopper
            .locator('[data-popstage-float="featured"] video.ps-loop')
            .evaluate((video: HTMLVideoElement) => video.readyState),
        )
        .toBeGreaterThanOrEqual(2);
      await screenshot(shopper, 'storefront-featured');

      const viewSent = shopper.waitForResponse(eventsWith('view', clipId), { timeout: 30_000 });
      await bubble.click();
      const viewer = shopper.getByRole('dialog', { name: TITLE });
      await viewer.waitFor();
      const view = await viewSent;
      expect(view.status()).toBe(202);
      await expect
        .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThanOrEqual(2);
      await screenshot(shopper, 'storefront-viewer');

      const likeSent = shopper.waitForResponse(eventsWith('like', clipId), { timeout: 30_000 });
      await viewer.getByRole('button', { name: 'Like', exact: true }).click();
      await viewer.getByRole('button', { name: 'Unlike' }).waitFor();
      const like = await likeSent;
      expect(like.status()).toBe(202);
      await screenshot(shopper, 'storefront-liked');
      expect(gifs).toEqual([]);
    } finally {
      await context.close();
    }

    // The merchant's side: the counts through the API and on the list card.
    const views = await api<{ data: { clip_id: string; clip_total_views: number }[] }>(
      'POST',
      '/api/popclips/views/fetch',
      { customer_id: DEMO, clip_ids: [clipId] },
    );
    expect(views.data).toEqual([{ clip_id: clipId, clip_total_views: 1 }]);
    const likes = await api<{ data: { clip_id: string; likes: number }[] }>(
      'POST',
      '/api/popclips/likes/fetch',
      { customer_id: DEMO, clip_ids: [clipId] },
    );
    expect(likes.data).toEqual([{ clip_id: clipId, likes: 1 }]);

    const { app } = await openAdmin(page, BASE, DEMO, '/popclips/list');
    await app.getByRole('heading', { name: TITLE }).waitFor();
    await app.getByText('1 view', { exact: true }).waitFor();
    await app.getByText('1 like', { exact: true }).waitFor();
    await screenshot(page, 'storefront-admin-list');
  }, 240_000);
});

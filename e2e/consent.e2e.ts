import { join } from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const TITLE = 'Consent look';

const session = journeySession(BASE, DEMO, { resetAfter: true });

describe('storefront consent', () => {
  it('plays clips but counts nothing until the shopper accepts the cookie banner', async () => {
    const { page, browser, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-premium']);
    const api = shopApi(page.request, BASE, DEMO);
    const product = await firstPublishedProduct(api);
    const clipId = await uploadClip(
      page.request,
      BASE,
      DEMO,
      TITLE,
      await generateClip(join(workDir, 'consent.mp4')),
      product,
    );
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);
    await api('POST', '/api/shopify/shop/featured-popclip', { popclip_id: clipId });
    for (const [path, data] of [
      ['embed', { enabled: true }],
      ['consent', { required: true }],
    ] as const) {
      const set = await page.request.post(
        `${localShopify(BASE)}/sandbox/api/shops/${DEMO}/${path}`,
        { data },
      );
      expect(set.ok()).toBe(true);
    }

    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const shopper = await context.newPage();
      const sent: string[] = [];
      shopper.on('request', (request) => {
        const url = request.url();
        if (url.endsWith('/events') || url.includes('/cart/update.js')) sent.push(url);
      });
      await shopper.goto(`${localShopify(BASE)}/sandbox/store/${DEMO}`);
      const banner = shopper.getByRole('region', { name: 'Cookie consent' });
      await banner.waitFor();
      await screenshot(shopper, 'storefront-consent-banner');

      // Before consent: the clip plays, nothing is sent, no visitor id is kept.
      await shopper.getByRole('button', { name: `Play featured video: ${TITLE}` }).click();
      const viewer = shopper.getByRole('dialog', { name: TITLE });
      await viewer.waitFor();
      await expect
        .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0.2);
      await shopper.waitForTimeout(6000); // past the widget's 5 s batch delay
      expect(sent).toEqual([]);
      // No visitor id asked for or kept before consent.
      expect(
        await shopper.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.startsWith('popstage:visitor')),
        ),
      ).toEqual([]);
      await viewer.getByRole('button', { name: 'Close' }).click();

      // Accepted: the next view is counted, for a stored visitor.
      await banner.getByRole('button', { name: 'Accept' }).click();
      await banner.waitFor({ state: 'hidden' });
      const counted = shopper.waitForRequest((r) => r.url().endsWith('/events'), {
        timeout: 30_000,
      });
      await shopper.reload();
      await shopper.getByRole('button', { name: `Play featured video: ${TITLE}` }).click();
      await counted;
      // The id the app issued and signed, kept per shop.
      expect(
        await shopper.evaluate((shop) => localStorage.getItem(`popstage:visitor:${shop}`), DEMO),
      ).toMatch(/^[\w-]+\.[\w-]{22}$/);
    } finally {
      await context.close();
    }
  });
});

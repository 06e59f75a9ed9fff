import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const TITLE = 'Custom domain look';

/** Another site copying the storefront: every request handed on to the local Shopify. */
async function copycat(target: URL): Promise<{ origin: string; server: Server }> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.4', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.4:${port}`, server };
}

/** Whether the page's own origin may read the shop's feed (the widget's first call). */
const feedReadable = (page: Page) =>
  page.evaluate(
    (url) =>
      fetch(url).then(
        (response) => (response.ok ? 'read' : `status ${response.status}`),
        () => 'refused',
      ),
    `${BASE}/storefront/v1/shops/${DEMO}/feed`,
  );

const session = journeySession(BASE, DEMO, { resetAfter: true });

describe('storefront on the shop’s domains', () => {
  it('plays on a custom domain once it is primary, and shows nothing on a domain the shop does not own', async () => {
    const { page, browser, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic']);
    const api = shopApi(page.request, BASE, DEMO);
    const product = await firstPublishedProduct(api);
    const file = await generateClip(join(workDir, 'domain.mp4'));
    const clipId = await uploadClip(page.request, BASE, DEMO, TITLE, file, product);
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);
    await api('POST', '/api/shopify/shop/featured-popclip', { popclip_id: clipId });
    const store = new URL(localShopify(BASE));
    const control = `${store.origin}/sandbox/api/shops/${DEMO}`;
    expect((await page.request.post(`${control}/embed`, { data: { enabled: true } })).ok()).toBe(
      true,
    );

    // The merchant connects 127.0.0.2 (this machine's second loopback origin) and makes it
    // primary: the app hears domains/create, domains/update and shop/update.
    const host = `127.0.0.2:${store.port}`;
    const added = await page.request.post(`${control}/domains`, { data: { host } });
    expect(added.ok(), await added.text()).toBe(true);
    const domain = (await added.json()).domain as { numericId: number; url: string };
    // Until it is primary, the custom domain redirects to the primary domain, as in Shopify.
    const redirected = await page.request.get(`${domain.url}/products/x?ref=1`, {
      maxRedirects: 0,
    });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers().location).toBe(
      `${store.origin}/sandbox/store/${DEMO}/products/x?ref=1`,
    );
    const primary = await page.request.post(`${control}/domains/primary`, {
      data: { domainId: domain.numericId },
    });
    expect((await primary.json()).deliveries).toEqual([
      expect.objectContaining({ topic: 'domains/update', statusCode: 200 }),
      expect.objectContaining({ topic: 'shop/update', statusCode: 200 }),
    ]);
    expect(domain.url).toBe(`http://${host}/sandbox/store/${DEMO}`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { origin, server } = await copycat(store);
    try {
      const shopper = await context.newPage();
      await shopper.goto(domain.url);
      const bubble = shopper.getByRole('button', { name: `Play featured video: ${TITLE}` });
      await bubble.waitFor();
      expect(await feedReadable(shopper)).toBe('read');
      await bubble.click();
      const viewer = shopper.getByRole('dialog', { name: TITLE });
      await viewer.waitFor();
      await expect
        .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0);
      await screenshot(shopper, 'storefront-custom-domain');

      // The same storefront served from a site the shop does not own: the feed answers no CORS,
      // so the widget shows nothing there.
      const copied = await context.newPage();
      // The widget's feed call from the copy: blocked by the browser (no CORS answer).
      const feedPath = `/storefront/v1/shops/${DEMO}/feed`;
      const feedSettled = new Promise<string>((resolve) => {
        copied.on('requestfailed', (request) => {
          if (request.url().endsWith(feedPath)) resolve('blocked');
        });
        copied.on('requestfinished', (request) => {
          if (!request.url().endsWith(feedPath)) return;
          void request.response().then((response) => {
            resolve(response?.headers()['access-control-allow-origin'] ?? 'no CORS answer');
          });
        });
      });
      await copied.goto(`${origin}/sandbox/store/${DEMO}`);
      expect(['blocked', 'no CORS answer']).toContain(await feedSettled);
      expect(await feedReadable(copied)).toBe('refused');
      await copied.waitForLoadState('networkidle');
      expect(
        await copied.getByRole('button', { name: `Play featured video: ${TITLE}` }).count(),
      ).toBe(0);
      await screenshot(copied, 'storefront-foreign-domain');
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 240_000);
});

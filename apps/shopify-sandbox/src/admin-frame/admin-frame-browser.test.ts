import { launchChromium } from '@popstage/testkit/browser';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFramePlugin } from './admin-frame-plugin';

/**
 * The admin page and a tiny app in Chromium. They are on two origins of one server
 * (127.0.0.1 and localhost), as Shopify's admin and an app are, so origin checks are exercised.
 */

const SHOP = 'demo-store.myshopify.com';
const API_KEY = 'sandbox-key';
const SCREENSHOTS = process.env.FRAME_SCREENSHOTS_DIR;

let server: FastifyInstance;
let browser: Browser;
let adminOrigin = '';
let appOrigin = '';
const minted: string[] = [];

/** An unsigned JWT-shaped token: the frame reads only `exp` to cache it. */
function fakeToken(shop: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 60;
  return `${part({ alg: 'HS256' })}.${part({ dest: `https://${shop}`, exp, n: minted.length })}.sig`;
}

/** Uses what Popstage uses of App Bridge, and shows the results for the test to read. */
function testAppPage(): string {
  return `<!doctype html>
<html><head>
<meta name="shopify-api-key" content="${API_KEY}">
<script src="${adminOrigin}/sandbox/app-bridge.js"></script>
<style>body{font:14px system-ui;margin:0;padding:20px;background:#f1f1f1}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 2px #0002;margin-bottom:16px}
button{margin-right:8px}code{word-break:break-all}</style>
</head><body>
<ui-nav-menu>
  <a href="/app" rel="home">Home</a>
  <a href="/app/clips">Clips</a>
  <a href="/app/settings">Settings</a>
</ui-nav-menu>
<ui-title-bar title="Popclips: Shoppable Videos"></ui-title-bar>
<ui-save-bar id="save-bar"><button variant="primary" id="save">Save</button><button id="discard">Discard</button></ui-save-bar>
<div class="card"><p>Path: <b id="path"></b></p><p>Token: <code id="token"></code></p><p id="saved"></p></div>
<div class="card">
  <button id="edit">Edit</button><button id="toast">Toast</button><button id="error">Error toast</button>
  <button id="busy">Loading</button><button id="pay">Approve charge</button>
</div>
<script>
  window.loadCount = (window.loadCount ?? 0) + 1;
  const $ = (id) => document.getElementById(id);
  const showPath = () => { $('path').textContent = location.pathname; };
  addEventListener('popstate', showPath);
  showPath();
  // Two requests at once share one fetch; a later one is answered from the cache.
  Promise.all([shopify.idToken(), shopify.idToken()])
    .then(async ([a, b]) => {
      const later = await shopify.idToken();
      $('token').textContent = a === b && b === later ? a : 'tokens differ';
    })
    .catch((error) => { $('token').textContent = 'error: ' + error.message; });
  $('edit').onclick = () => shopify.saveBar.show('save-bar');
  $('save').onclick = () => { $('saved').textContent = 'saved'; shopify.saveBar.hide('save-bar'); };
  $('toast').onclick = () => shopify.toast.show('Popclip saved', { duration: 5000 });
  $('error').onclick = () => shopify.toast.show('Upload failed', { duration: 5000, isError: true });
  $('busy').onclick = () => shopify.loading(true);
  $('pay').onclick = () => open('${adminOrigin}/charges/confirm?shop=${SHOP}', '_top');
</script>
</body></html>`;
}

beforeAll(async () => {
  server = Fastify();
  await server.register(adminFramePlugin, {
    prefix: '/sandbox',
    apiKey: API_KEY,
    appUrl: () => `${appOrigin}/app`,
    sessionToken: async (shop) => {
      minted.push(fakeToken(shop));
      return minted.at(-1) ?? '';
    },
    shops: async () => [{ domain: SHOP, name: 'Demo Store' }],
  });
  // The same admin with the app on its own origin, as in sandbox mode (CSP frame-src 'self').
  await server.register(adminFramePlugin, {
    prefix: '/same-origin',
    apiKey: API_KEY,
    appUrl: () => '/app',
    sessionToken: async (shop) => fakeToken(shop),
    shops: async () => [{ domain: SHOP, name: 'Demo Store' }],
  });
  server.get('/app', (_request, reply) => reply.type('text/html').send(testAppPage()));
  server.get('/app/*', (_request, reply) => reply.type('text/html').send(testAppPage()));
  server.get('/charges/confirm', (_request, reply) =>
    reply.type('text/html').send('<h1>Approve charge</h1>'),
  );
  adminOrigin = await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(adminOrigin);
  appOrigin = `http://localhost:${port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openAdmin(
  path = '',
  width = 1280,
  prefix = '/sandbox',
): Promise<{ page: Page; app: Frame }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${adminOrigin}${prefix}/store/${SHOP}/apps/popstage${path}`);
  const frame = await (await page.waitForSelector('#app-frame')).contentFrame();
  if (!frame) throw new Error('the app iframe has no frame');
  await frame.waitForSelector('#path');
  expect(errors).toEqual([]);
  return { page, app: frame };
}

const text = (target: Page | Frame, selector: string) =>
  target.locator(selector).first().textContent();

describe('the admin frame around an app using the local App Bridge', { timeout: 30_000 }, () => {
  it('gives the app session tokens, once per token lifetime', async () => {
    const mintedBefore = minted.length;
    const { page, app } = await openAdmin();
    // The app asked three times; all got the one token minted for it.
    await expect.poll(() => text(app, '#token')).toBe(minted.at(-1));
    expect(minted).toHaveLength(mintedBefore + 1);
    expect(await app.evaluate('shopify.config')).toEqual({
      apiKey: API_KEY,
      shop: SHOP,
      host: Buffer.from('admin.shopify.com/store/demo-store').toString('base64url'),
    });
    await page.close();
  });

  it('shows the title and menu, and navigates the app from it without a reload', async () => {
    const { page, app } = await openAdmin();
    await expect.poll(() => text(page, '#title')).toBe('Popclips: Shoppable Videos');
    await expect
      .poll(() => page.title())
      .toBe('Popclips: Shoppable Videos · Popstage · Demo Store');
    await expect
      .poll(() => page.locator('#nav-items a').allTextContents())
      .toEqual(['Clips', 'Settings']);

    await page.locator('#nav-items a', { hasText: 'Clips' }).click();
    await expect.poll(() => text(app, '#path')).toBe('/app/clips');
    expect(await app.evaluate('window.loadCount')).toBe(1);
    await expect
      .poll(() => page.url())
      .toBe(`${adminOrigin}/sandbox/store/${SHOP}/apps/popstage/clips`);
    const clips = page.locator('#nav-items a', { hasText: 'Clips' });
    expect(await clips.getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('opens a deep link at its app path and keeps it on reload', async () => {
    const { page, app } = await openAdmin('/settings?tab=general');
    expect(await text(app, '#path')).toBe('/app/settings');
    expect(await app.evaluate('location.search')).toContain('tab=general');
    await expect
      .poll(() => page.url())
      .toBe(`${adminOrigin}/sandbox/store/${SHOP}/apps/popstage/settings?tab=general`);
    await page.reload();
    const frame = await (await page.waitForSelector('#app-frame')).contentFrame();
    await expect.poll(() => frame?.evaluate('location.pathname')).toBe('/app/settings');
    await page.close();
  });

  it("mirrors the save bar, sends its Save to the app's button and blocks leaving", async () => {
    const { page, app } = await openAdmin();
    expect(await page.locator('#save-bar').isVisible()).toBe(false);
    await app.locator('#edit').click();
    await page.locator('#save-bar').waitFor({ state: 'visible' });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/frame-save-bar.png` });

    // Unsaved changes keep the app where it is: the save bar shakes instead.
    await page.locator('#nav-items a', { hasText: 'Settings' }).click();
    await page.locator('#save-bar.shake').waitFor();

    await app.evaluate("document.getElementById('save').setAttribute('loading', '')");
    await expect.poll(() => page.locator('#save-bar-save').isDisabled()).toBe(true);
    await app.evaluate("document.getElementById('save').removeAttribute('loading')");
    await expect.poll(() => page.locator('#save-bar-save').isDisabled()).toBe(false);

    await page.locator('#save-bar-save').click();
    await expect.poll(() => text(app, '#saved')).toBe('saved');
    await page.locator('#save-bar').waitFor({ state: 'hidden' });
    expect(await text(app, '#path')).toBe('/app');
    await page.close();
  });

  it('shows toasts, error toasts and the loading bar', async () => {
    const { page, app } = await openAdmin();
    await app.locator('#toast').click();
    await app.locator('#error').click();
    // One at a time: the error waits until the first toast goes.
    await expect.poll(() => page.locator('.toast').allTextContents()).toEqual(['Popclip saved×']);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.locator('.toast').allTextContents()).toEqual(['Upload failed×']);
    expect(await page.locator('.toast-error').textContent()).toContain('Upload failed');
    await app.locator('#busy').click();
    await expect.poll(() => page.locator('#loading-bar.active').count()).toBe(1);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/frame-1280.png` });
    await page.close();
  });

  it("turns the app's window.open(url, '_top') into a navigation of the admin", async () => {
    const { page, app } = await openAdmin();
    await Promise.all([
      page.waitForURL(`${adminOrigin}/charges/confirm?shop=${SHOP}`),
      app.locator('#pay').click(),
    ]);
    expect(await text(page, 'h1')).toBe('Approve charge');
    await page.close();
  });

  it("embeds an app on the admin's own origin", async () => {
    const { page, app } = await openAdmin('/clips', 1280, '/same-origin');
    expect(new URL(app.url()).origin).toBe(adminOrigin);
    await expect.poll(() => text(app, '#token')).toMatch(/^ey/);
    await page.locator('#nav-items a', { hasText: 'Settings' }).click();
    await expect.poll(() => text(app, '#path')).toBe('/app/settings');
    await expect
      .poll(() => page.url())
      .toBe(`${adminOrigin}/same-origin/store/${SHOP}/apps/popstage/settings`);
    await page.close();
  });

  it('fits a phone: the menu opens from the top bar', async () => {
    const { page } = await openAdmin('', 375);
    await expect.poll(() => text(page, '#title')).toBe('Popclips: Shoppable Videos');
    expect(await page.locator('#nav-items').isVisible()).toBe(true); // laid out, off screen
    const navBox = await page.locator('#nav').boundingBox();
    expect((navBox?.x ?? 0) + (navBox?.width ?? 0)).toBeLessThanOrEqual(0);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/frame-375.png` });
    await page.locator('#menu-toggle').click();
    await expect.poll(async () => (await page.locator('#nav').boundingBox())?.x).toBe(0);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/frame-375-menu.png` });
    await page.close();
  });
});

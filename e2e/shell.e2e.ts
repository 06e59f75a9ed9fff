import { describe, expect, it } from 'vitest';
import { adminMenu, adminTitle, adminUrl, embedded, openAdmin, waitForAppPath } from './admin';
import { screenshot } from './browser';
import { localShopify } from './local-shopify';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const OTHER = 'other-store.myshopify.com';

const session = journeySession(BASE, DEMO, { viewport: { width: 1280, height: 800 } });

describe('admin shell journeys', () => {
  it('opens / in the local Shopify admin, and a fresh shop is sent to plan selection', async () => {
    const { page } = session;
    // The admin document's strict CSP (issue 28) must not block anything the admin loads.
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    // The app's own address redirects into the demo store's admin, which embeds the app.
    await page.goto(`${BASE}/`);
    const { admin, app } = embedded(page);
    await waitForAppPath(admin, BASE, DEMO, '/account/plans');
    await app.getByRole('heading', { name: 'Select Plan' }).waitFor();
    await expect.poll(() => adminTitle(admin).textContent()).toBe('Select Plan');
    const nav = adminMenu(admin);
    // Home is the app's home: the admin links it from the app's name.
    await nav.getByRole('link', { name: 'Popstage', exact: true }).waitFor();
    for (const item of ['Popclips: Shoppable Videos', 'Insights', 'Resources', 'Subscription']) {
      await nav.getByRole('link', { name: item, exact: true }).waitFor();
    }
    // Features the shop has no plan for stay out of the menu.
    await expect(nav.getByText('Mobile App Builder').count()).resolves.toBe(0);
    await expect(nav.getByText('Live Stream Selling').count()).resolves.toBe(0);
    await app.getByRole('link', { name: 'support@popstage.app' }).waitFor();
    await screenshot(page, 'fresh-shop-select-plan');
    expect(blocked).toEqual([]);
  });

  it('follows the guards from a deep link too', async () => {
    const { page } = session;
    await openAdmin(page, BASE, DEMO, '/popclips/list');
    await waitForAppPath(page, BASE, DEMO, '/account/plans');
    await openAdmin(page, BASE, DEMO, '/mobile/setup');
    await waitForAppPath(page, BASE, DEMO, '/account/plans');
    // A deep link to the app's own address lands in the frame at the same path.
    await page.goto(`${BASE}/mobile/setup?shop=${DEMO}`);
    await waitForAppPath(page, BASE, DEMO, '/account/plans');
  });

  it('shows the not-found page for an unknown address', async () => {
    const { page } = session;
    const { app } = await openAdmin(page, BASE, DEMO, '/no/such/page');
    const title = app.getByRole('heading', { name: 'There is no page at this address' });
    await title.waitFor();
    expect(page.url()).toBe(adminUrl(BASE, DEMO, '/no/such/page'));
    await screenshot(page, 'not-found');
    await app.getByRole('main').getByRole('link', { name: 'Home' }).click();
    await waitForAppPath(page, BASE, DEMO, '/account/plans');
  });

  it('shows the loading text while the shop loads', async () => {
    const { page } = session;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the real shop answer until the loading screen has been seen.
    await page.route('**/api/shopify/shop', async (route) => {
      await held;
      await route.continue();
    });
    const { app } = await openAdmin(page, BASE, DEMO);
    const loading = app.getByText('Hold tight! Your experience is loading...');
    await loading.waitFor();
    await screenshot(page, 'loading');
    release();
    await waitForAppPath(page, BASE, DEMO, '/account/plans');
    await loading.waitFor({ state: 'detached' });
  });

  it('denies access everywhere once deactivate_shop is switched on in /sandbox', async () => {
    const { page } = session;
    await page.goto(`${localShopify(BASE)}/sandbox`);
    const card = page.locator('section', { hasText: DEMO }).first();
    await card.locator('form', { hasText: 'deactivate_shop' }).getByRole('button').click();
    await page.waitForURL(`${localShopify(BASE)}/sandbox**`);
    for (const path of ['/', '/popclips/list', '/no/such/page']) {
      const { app } = await openAdmin(page, BASE, DEMO, path);
      await app.getByRole('heading', { name: 'Access Denied' }).waitFor();
    }
    await screenshot(page, 'access-denied');
    // The other shop is not affected.
    await openAdmin(page, BASE, OTHER);
    await waitForAppPath(page, BASE, OTHER, '/account/plans');
  });

  it('calls the API with a session token and gets 401 without one', async () => {
    const { page } = session;
    const res = await page.request.get(`${BASE}/api/shopify/shop`);
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Unauthorized' });
    // Opened on its own, the admin goes to the admin frame; embedded, only this app may frame it.
    const html = { accept: 'text/html' };
    const alone = await page.request.get(`${BASE}/`, { headers: html, maxRedirects: 0 });
    expect(alone.status()).toBe(302);
    expect(new URL(alone.headers().location ?? '', BASE).href).toBe(adminUrl(BASE, DEMO));
    const framed = await page.request.get(`${BASE}/?shop=${DEMO}&embedded=1`, { headers: html });
    expect(framed.status()).toBe(200);
    // The admin that frames it: the app's own origin in sandbox mode, else the local Shopify's.
    const admin = new URL(localShopify(BASE)).origin;
    const frameAncestors = (framed.headers()['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('frame-ancestors'));
    expect(frameAncestors).toBe(
      admin === new URL(BASE).origin
        ? "frame-ancestors 'self'"
        : `frame-ancestors https://${DEMO} https://admin.shopify.com ${admin}`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const OTHER = 'other-store.myshopify.com';

const session = journeySession(BASE, DEMO, { viewport: { width: 1280, height: 800 } });

describe('admin shell journeys', () => {
  it('opens / on a fresh shop and is sent to plan selection', async () => {
    const { page } = session;
    await page.goto(`${BASE}/`);
    await page.waitForURL(`${BASE}/account/plans`);
    await page.getByRole('heading', { name: 'Select Plan' }).waitFor();
    const nav = page.getByRole('navigation');
    for (const item of [
      'Home',
      'Popclips: Shoppable Videos',
      'Insights',
      'Resources',
      'Subscription',
    ]) {
      await nav.getByText(item, { exact: true }).waitFor();
    }
    // Features the shop has no plan for stay out of the menu.
    await expect(nav.getByText('Mobile App Builder').count()).resolves.toBe(0);
    await expect(nav.getByText('Live Stream Selling').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'support@popstage.app' }).waitFor();
    await screenshot(page, 'fresh-shop-select-plan');
  });

  it('follows the guards from a deep link too', async () => {
    const { page } = session;
    await page.goto(`${BASE}/popclips/list`);
    await page.waitForURL(`${BASE}/account/plans`);
    await page.goto(`${BASE}/mobile/setup`);
    await page.waitForURL(`${BASE}/account/plans`);
  });

  it('shows the not-found page for an unknown address', async () => {
    const { page } = session;
    await page.goto(`${BASE}/no/such/page`);
    const title = page.getByRole('heading', { name: 'There is no page at this address' });
    await title.waitFor();
    expect(page.url()).toBe(`${BASE}/no/such/page`);
    await screenshot(page, 'not-found');
    await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${BASE}/account/plans`);
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
    await page.goto(`${BASE}/`);
    const loading = page.getByText('Hold tight! Your experience is loading...');
    await loading.waitFor();
    await screenshot(page, 'loading');
    release();
    await page.waitForURL(`${BASE}/account/plans`);
    await loading.waitFor({ state: 'detached' });
  });

  it('denies access everywhere once deactivate_shop is switched on in /sandbox', async () => {
    const { page } = session;
    await page.goto(`${BASE}/sandbox`);
    const card = page.locator('section', { hasText: DEMO }).first();
    await card.locator('form', { hasText: 'deactivate_shop' }).getByRole('button').click();
    await page.waitForURL(`${BASE}/sandbox**`);
    for (const path of ['/', '/popclips/list', '/no/such/page']) {
      await page.goto(`${BASE}${path}?shop=${DEMO}`);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    }
    await screenshot(page, 'access-denied');
    // The other shop is not affected.
    await page.goto(`${BASE}/?shop=${OTHER}`);
    await page.waitForURL(`${BASE}/account/plans**`);
  });

  it('calls the API with a session token and gets 401 without one', async () => {
    const { page } = session;
    const res = await page.request.get(`${BASE}/api/shopify/shop`);
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Unauthorized' });
    const html = await page.request.get(`${BASE}/`, { headers: { accept: 'text/html' } });
    expect(html.headers()['content-security-policy']).toBe("frame-ancestors 'self'");
  });
});

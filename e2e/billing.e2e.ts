import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';

const session = journeySession(BASE, DEMO);

const api = <T>(method: 'GET' | 'POST', path: string, data?: object) =>
  shopApi(session.page.request, BASE, DEMO)<T>(method, path, data);

interface ShopAnswer {
  enabledFeatures: string[];
  subscription: { addonIds: string[]; subscriptionDiscount: { amount: string } | null } | null;
}

describe('billing journeys', () => {
  it('a fresh shop picks Basic, checks out, approves and comes back subscribed', async () => {
    const { page } = session;
    await page.goto(`${BASE}/?shop=${DEMO}`);
    await page.waitForURL(`${BASE}/account/plans**`);
    await page.getByRole('heading', { name: 'Live Selling' }).waitFor();
    await screenshot(page, 'billing-select-plan');

    await page.getByRole('button', { name: 'Select Popclips: Shoppable Videos Basic' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Popclips: Shoppable Videos: Basic').waitFor();
    await dialog.getByText('Total', { exact: true }).waitFor();
    await screenshot(page, 'billing-select-plan-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(/\/sandbox\/billing\/confirm\/\d+$/);
    await screenshot(page, 'billing-sandbox-approval');
    await page.getByRole('button', { name: 'Approve' }).click();

    // Subscribed now; the account guard takes over.
    await page.waitForURL(`${BASE}/account/create**`);
    const shop = await api<ShopAnswer>('GET', '/api/shopify/shop');
    expect(shop.enabledFeatures).toContain('popclips');
    expect(shop.subscription?.addonIds).toEqual(['addon-popclips-basic']);

    const events = await api<{ data: { properties: { reason: string } }[] }>(
      'GET',
      '/api/analytics/app-events?category=billing&action=checkout',
    );
    expect(events.data[0]?.properties.reason).toBe('first_ever');
  });

  it('changes the plan on /manage/plans with WELCOME20', async () => {
    const { page } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic']);
    await page.goto(`${BASE}/manage/plans?shop=${DEMO}`);
    await page.getByRole('heading', { name: 'Current plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/plans');
    await screenshot(page, 'billing-manage-plans');

    await page.getByRole('button', { name: 'Change Mobile App plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Select Mobile App Pro' }).click();
    await screenshot(page, 'billing-manage-plans-picker');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Confirm Plan Change').waitFor();

    await page.getByLabel('Discount code').fill(' welcome20 ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Discount code WELCOME20 applied.').waitFor();
    await page.getByRole('button', { name: 'Checkout' }).first().click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('Discount (WELCOME20)').waitFor();
    await dialog.getByText(/You will be charged a prorated/).waitFor();
    await screenshot(page, 'billing-manage-plans-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/sandbox\/billing\/confirm\/\d+$/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${BASE}/**`);

    await expect
      .poll(async () => (await api<ShopAnswer>('GET', '/api/shopify/shop')).subscription?.addonIds)
      .toEqual(['addon-popclips-basic', 'addon-mobile-pro']);
    const shop = await api<ShopAnswer>('GET', '/api/shopify/shop');
    expect(shop.enabledFeatures).toEqual(['popclips', 'mobile']);
    expect(shop.subscription?.subscriptionDiscount?.amount).toBe('22.00');
  });

  it('shows every Mobile App card state on the landing page', async () => {
    const { page } = session;
    await prepareShop(page.request, BASE, DEMO, [
      'addon-popclips-basic',
      'addon-mobile-pro',
      'addon-live-basic',
    ]);
    const states = [
      ['none', 'Set Up'],
      ['submitted', 'Approval Pending'],
      ['ios_live', 'Manage'],
      ['blocked', 'Approval Blocked'],
      ['customer_action', 'Action Required'],
    ] as const;
    for (const [preset, label] of states) {
      const set = await page.request.post(`${BASE}/sandbox/api/shops/${DEMO}/mobile-app-state`, {
        data: { preset },
      });
      expect(set.ok()).toBe(true);
      await page.goto(`${BASE}/?shop=${DEMO}`);
      const mobileCard = page.locator('.Polaris-ShadowBevel', {
        has: page.getByRole('heading', { name: 'Mobile App', exact: true }),
      });
      await mobileCard.getByRole('link', { name: label, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      if (preset === 'customer_action') await screenshot(page, 'billing-landing');
    }

    await page.goto(`${BASE}/live?shop=${DEMO}`);
    await page.getByRole('heading', { name: 'Start Live Selling' }).waitFor();
    await screenshot(page, 'billing-live');
  });
});

import { describe, expect, it } from 'vitest';
import { adminUrl, embedded, openAdmin, waitForAppPath } from './admin';
import { screenshot } from './browser';
import { localShopify } from './local-shopify';
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
    const { app } = await openAdmin(page, BASE, DEMO);
    await waitForAppPath(page, BASE, DEMO, '/account/plans', { prefix: true });
    await app.getByRole('heading', { name: 'Live Selling' }).waitFor();
    await screenshot(page, 'billing-select-plan');

    await app.getByRole('button', { name: 'Select Popclips: Shoppable Videos Basic' }).click();
    await app.getByRole('button', { name: 'Continue', exact: true }).click();
    const dialog = app.getByRole('dialog');
    await dialog.getByText('Popclips: Shoppable Videos: Basic').waitFor();
    await dialog.getByText('Total', { exact: true }).waitFor();
    await screenshot(page, 'billing-select-plan-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // App Bridge takes the whole admin window to the approval page, as Shopify's does.
    await page.waitForURL(/\/sandbox\/billing\/confirm\/\d+$/);
    await screenshot(page, 'billing-sandbox-approval');
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back in the admin, subscribed now; the account guard takes over.
    await waitForAppPath(page, BASE, DEMO, '/account/create', { prefix: true });
    await embedded(page).app.getByRole('heading', { name: 'Create Account' }).waitFor();
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
    const { app } = await openAdmin(page, BASE, DEMO, '/manage/plans');
    await app.getByRole('heading', { name: 'Current plan' }).waitFor();
    expect(page.url()).toBe(adminUrl(BASE, DEMO, '/manage/plans'));
    await screenshot(page, 'billing-manage-plans');

    await app.getByRole('button', { name: 'Change Mobile App plan' }).click();
    await app.getByRole('dialog').getByRole('button', { name: 'Select Mobile App Pro' }).click();
    await screenshot(page, 'billing-manage-plans-picker');
    await app.getByRole('button', { name: 'Done' }).click();
    await app.getByText('Confirm Plan Change').waitFor();

    await app.getByLabel('Discount code').fill(' welcome20 ');
    await app.getByRole('button', { name: 'Apply' }).click();
    await app.getByText('Discount code WELCOME20 applied.').waitFor();
    await app.getByRole('button', { name: 'Checkout' }).first().click();

    const dialog = app.getByRole('dialog');
    await dialog.getByText('Discount (WELCOME20)').waitFor();
    await dialog.getByText(/You will be charged a prorated/).waitFor();
    await screenshot(page, 'billing-manage-plans-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/sandbox\/billing\/confirm\/\d+$/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${adminUrl(BASE, DEMO)}**`);

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
      const set = await page.request.post(
        `${localShopify(BASE)}/sandbox/api/shops/${DEMO}/mobile-app-state`,
        {
          data: { preset },
        },
      );
      expect(set.ok()).toBe(true);
      const { app } = await openAdmin(page, BASE, DEMO);
      const mobileCard = app.locator('.Polaris-ShadowBevel', {
        has: app.getByRole('heading', { name: 'Mobile App', exact: true }),
      });
      await mobileCard.getByRole('link', { name: label, exact: true }).waitFor();
      expect(page.url()).toBe(adminUrl(BASE, DEMO));
      if (preset === 'customer_action') await screenshot(page, 'billing-landing');
    }

    const { app } = await openAdmin(page, BASE, DEMO, '/live');
    await app.getByRole('heading', { name: 'Start Live Selling' }).waitFor();
    await screenshot(page, 'billing-live');
  });
});

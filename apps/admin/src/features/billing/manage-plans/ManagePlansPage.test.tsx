import { BILLING_MESSAGES, CUSTOMISED_PLAN_MESSAGE } from '@popstage/core/billing';
import type { Shop } from '@popstage/core/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDONS, gatingWire, lineItemsFor, subscriptionWith } from '../../../test/billing-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { expectToast, pageTitle } from '../../../test/toasts';

const basicShop = (overrides: Partial<Shop> = {}) =>
  readyShop({
    subscription: subscriptionWith([ADDONS.popclipsBasic], {
      activatedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString(),
    }),
    enabledFeatures: ['popclips'],
    ...overrides,
  });

const upgradeRoutes: FakeRoutes = {
  'POST /api/shopify/shop/subscription/draft': (_request, body) => {
    const ids = (body as { extraAddonIds: string[] }).extraAddonIds;
    const addons = Object.values(ADDONS).filter((a) => ids.includes(a.id));
    const sub = subscriptionWith(addons);
    return {
      body: {
        id: '00000000-0000-4000-8000-000000000002',
        planId: sub.planId,
        addonIds: ids,
        discountCode: null,
        lineItems: sub.lineItems,
        subscriptionSubtotal: sub.subscriptionSubtotal,
        subscriptionTotal: sub.subscriptionTotal,
        subscriptionDiscount: null,
        subscriptionDiscountPercentage: null,
        createdAt: '2026-02-01T00:00:00.000Z',
      },
    };
  },
  'GET /api/shopify/shop/subscription/adjustment-amount': {
    body: {
      adjustmentAmount: '99.99',
      nextBillingDate: '2026-03-03T00:00:00.000Z',
      newPlanPrice: '109.98',
      currentPlanPrice: '29.99',
    },
  },
  'POST /api/shopify/shop/subscription': {
    body: {
      confirmationUrl: 'http://admin.test/sandbox/billing/confirm/9',
      subscription: subscriptionWith([ADDONS.popclipsBasic, ADDONS.mobilePro], {
        status: 'PENDING',
      }),
    },
  },
};

async function openPage(shop: Shop = basicShop(), routes: FakeRoutes = {}) {
  const view = renderApp({ path: '/manage/plans', shop, routes: { ...upgradeRoutes, ...routes } });
  await pageTitle('Subscription');
  await screen.findByRole('heading', { name: 'Current plan' });
  return view;
}

const openPicker = (feature: string) =>
  userEvent.click(screen.getByRole('button', { name: `Change ${feature} plan` }));

describe('Subscription page', () => {
  it('shows the current plan: name, add-ons, total and next billing', async () => {
    await openPage(
      basicShop({
        subscription: subscriptionWith([ADDONS.popclipsBasic], {
          activatedAt: '2026-01-01T00:00:00.000Z',
          lineItems: lineItemsFor([ADDONS.popclipsBasic], { code: 'WELCOME20', amount: '6.00' }),
          subscriptionDiscount: { amount: '6.00', currencyCode: 'USD' },
          subscriptionTotal: { amount: '23.99', currencyCode: 'USD' },
        }),
      }),
    );
    // The plan is named by its add-ons, never by the bundle's internal name.
    expect(screen.getByText('Popclips Basic')).toBeVisible();
    expect(screen.queryByText('Flexible 2025')).toBeNull();
    expect(screen.getByText('Basic · $29.99/month')).toBeVisible();
    expect(screen.getByText('−$6.00 (WELCOME20)')).toBeVisible();
    expect(screen.getByText('$23.99/month')).toBeVisible();
    expect(screen.getByText('Next billing')).toBeVisible();
    for (const name of ['Popclips: Shoppable Videos', 'Mobile App', 'Live Selling']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    expect(
      screen.getByText(
        'Your current plan shows the discount it has now; the plan prices below do not reflect discounts, and previously applied discounts do not carry over to a new plan.',
      ),
    ).toBeVisible();
  });

  it("reads 'Free' once for a free add-on on the current-plan card", async () => {
    await openPage(
      basicShop({ subscription: subscriptionWith([ADDONS.popclipsFree, ADDONS.mobilePro]) }),
    );
    expect(await screen.findByText('Popclips Free · Mobile Pro')).toBeVisible();
    const currentPlan = screen
      .getByRole('heading', { name: 'Current plan' })
      .closest('.Polaris-ShadowBevel') as HTMLElement;
    expect(await within(currentPlan).findByText('Free')).toBeVisible();
    expect(within(currentPlan).queryByText('Free · Free')).toBeNull();
    // The feature's card: 'Free' as the plan, '$0.00/month' as its price.
    expect(screen.getByText('$0.00/month')).toBeVisible();
  });

  it('shows mobile plan details and the Confirm Plan Change banner once a plan changes', async () => {
    await openPage();
    expect(screen.queryByText('Confirm Plan Change')).toBeNull();
    await openPicker('Mobile App');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1,000 app downloads')).toBeVisible();
    expect(within(dialog).getByText('iOS only')).toBeVisible();
    expect(within(dialog).getByText('Unlimited app downloads')).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Need more downloads? Contact sales.' }),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select Mobile App Pro' }));
    expect(await screen.findByText('Confirm Plan Change')).toBeVisible();

    // Picking the selected plan again deselects it: back where the page started.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deselect Mobile App Pro' }));
    await waitFor(() => expect(screen.queryByText('Confirm Plan Change')).toBeNull());
  });

  it('shows live plan terms: events, success fee, replays and commission', async () => {
    await openPage();
    await openPicker('Live Selling');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('12 live events per month')).toBeVisible();
    expect(within(dialog).getByText('Unlimited live events per month')).toBeVisible();
    expect(within(dialog).getAllByText('5% success fee of live sale revenue')).toHaveLength(3);
    expect(within(dialog).getAllByText('Replays kept for 3 months')).toHaveLength(3);
    expect(
      within(dialog).getByText('A commission of up to 5% applies to Live and Replay sales.'),
    ).toBeVisible();
  });

  it('checks out an upgrade with the prorated charge and sends the merchant to approval', async () => {
    const view = await openPage();
    await openPicker('Mobile App');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Select Mobile App Pro',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    // The header's Checkout; the Confirm Plan Change banner has one too.
    expect(screen.getAllByRole('button', { name: 'Checkout' })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Checkout' })[0] as HTMLElement);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mobile App: Pro')).toBeVisible();
    expect(within(dialog).getByText('$109.98/month')).toBeVisible();
    expect(
      await within(dialog).findByText(/You will be charged a prorated \$99\.99 today/),
    ).toBeVisible();
    const [adjustment] = view.calls('GET', '/api/shopify/shop/subscription/adjustment-amount');
    const query = new URL(adjustment?.request.url ?? '').searchParams;
    expect([query.get('currentPlanPrice'), query.get('newPlanPrice')]).toEqual(['29.99', '109.98']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(view.redirects).toEqual(['http://admin.test/sandbox/billing/confirm/9']),
    );
    expect(view.calls('PUT', '/ingest/appevents')[0]?.body).toMatchObject({
      properties: { reason: 'upgrade_spontaneous', source: 'manage_plans' },
    });
  });

  it('says when a downgrade applies and what the unused days of the cycle earn', async () => {
    const view = await openPage(basicShop(), {
      'GET /api/shopify/shop/subscription/adjustment-amount': {
        body: {
          adjustmentAmount: '0.00',
          nextBillingDate: '2026-03-03T00:00:00.000Z',
          newPlanPrice: '0.00',
          currentPlanPrice: '29.99',
          creditAmount: '19.99',
          remainingDays: 20,
        },
      },
    });
    await openPicker('Popclips: Shoppable Videos');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: /^Select Popclips: Shoppable Videos Free/,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Checkout' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'The new plan applies as soon as you approve it, and nothing is charged today. For the 20 days left in your current 30-day cycle, Shopify credits the price difference, $19.99, to your next Shopify bill. After that, $0.00 is billed every 30 days.',
      ),
    ).toBeVisible();
    const [adjustment] = view.calls('GET', '/api/shopify/shop/subscription/adjustment-amount');
    const query = new URL(adjustment?.request.url ?? '').searchParams;
    expect([query.get('currentPlanPrice'), query.get('newPlanPrice')]).toEqual(['29.99', '0.00']);
  });

  it('gives the reason upgrade_gated when views are limited', async () => {
    const view = await openPage(basicShop(), {
      'GET /api/shopify/shop/popclips/gating': {
        body: { data: gatingWire({ limit_access: true, total_views: 15000 }) },
      },
    });
    await openPicker('Popclips: Shoppable Videos');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Select Popclips: Shoppable Videos Premium',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Checkout' })[0] as HTMLElement);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(view.calls('PUT', '/ingest/appevents')).toHaveLength(1));
    expect(view.calls('PUT', '/ingest/appevents')[0]?.body).toMatchObject({
      properties: { reason: 'upgrade_gated' },
    });
  });

  it('asks for a plan when every plan is deselected', async () => {
    const view = await openPage();
    await openPicker('Popclips: Shoppable Videos');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Deselect Popclips: Shoppable Videos Basic',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Checkout' })[0] as HTMLElement);
    await expectToast('Please select at least one plan.');
    expect(view.calls('POST', '/api/shopify/shop/subscription/draft')).toHaveLength(0);
  });

  it('offers Checkout only once the plan changed', async () => {
    const view = await openPage();
    const checkout = () => screen.getAllByRole('button', { name: 'Checkout' })[0] as HTMLElement;
    expect(checkout()).toHaveAttribute('aria-disabled', 'true');
    await openPicker('Mobile App');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Select Mobile App Pro',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(checkout()).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(checkout());
    await screen.findByRole('dialog');
    expect(view.calls('POST', '/api/shopify/shop/subscription/draft')).toHaveLength(1);
  });

  it("toasts the server's reason when it refuses the selection", async () => {
    await openPage(basicShop(), {
      'POST /api/shopify/shop/subscription/draft': {
        status: 400,
        body: { error: 'Bad Request', message: 'Please select at least one plan.' },
      },
    });
    await openPicker('Mobile App');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Select Mobile App Pro',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'WELCOME20');
    await userEvent.click(screen.getAllByRole('button', { name: 'Checkout' })[0] as HTMLElement);
    await expectToast('Please select at least one plan.');
  });

  it('warns a customised-plan shop and offers no checkout', async () => {
    const view = await openPage(basicShop({ activePlan: { skuCode: 'bundle-flexible-monthly' } }));
    expect(screen.getByText(CUSTOMISED_PLAN_MESSAGE)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(view.calls('POST', '/api/shopify/shop/subscription/draft')).toHaveLength(0);
  });

  it('toasts a subscription data failure and goes to landing', async () => {
    const view = renderApp({
      path: '/manage/plans',
      shop: basicShop(),
      routes: { 'GET /api/billing/plans': { status: 500, body: { error: 'x', message: 'x' } } },
    });
    await expectToast(BILLING_MESSAGES.subscriptionLoadFailed);
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });
});

import { BILLING_MESSAGES } from '@popstage/core/billing';
import type { Shop } from '@popstage/core/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDONS, subscriptionWith } from '../../../test/billing-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { expectToast, pageTitle } from '../../../test/toasts';

const newShop = () =>
  readyShop({
    subscriptionActive: false,
    subscription: null,
    activePlan: null,
    enabledFeatures: [],
  });

const draftAnswer = (body: { extraAddonIds: string[]; discountCode?: string }) => {
  const addons = Object.values(ADDONS).filter((a) => body.extraAddonIds.includes(a.id));
  const sub = subscriptionWith(addons);
  const discounted = body.discountCode === 'WELCOME20';
  return {
    id: '00000000-0000-4000-8000-000000000001',
    planId: 'bundle-flexible-2025-monthly',
    addonIds: body.extraAddonIds,
    discountCode: body.discountCode ?? null,
    lineItems: discounted
      ? [
          ...sub.lineItems,
          { type: 'discount', discountCode: 'WELCOME20', item: { code: 'WELCOME20' } },
        ]
      : sub.lineItems,
    subscriptionSubtotal: sub.subscriptionSubtotal,
    subscriptionTotal: discounted
      ? { amount: '23.99', currencyCode: 'USD' }
      : sub.subscriptionTotal,
    subscriptionDiscount: discounted ? { amount: '6.00', currencyCode: 'USD' } : null,
    subscriptionDiscountPercentage: discounted ? 0.2 : null,
    createdAt: '2026-02-01T00:00:00.000Z',
  };
};

const checkoutRoutes = (purchase: FakeRoutes[string]): FakeRoutes => ({
  'POST /api/shopify/shop/subscription/draft': (_request, body) => ({
    body: draftAnswer(body as { extraAddonIds: string[]; discountCode?: string }),
  }),
  'POST /api/shopify/shop/subscription': purchase,
  'GET /api/billing/discount-codes/*': (request) => {
    const code = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
    if (code === 'WELCOME20') {
      return {
        body: { code, kind: 'percentage', appliesTo: ['popclips'], freePopclipsAddon: false },
      };
    }
    if (code === 'POPFREE') {
      return {
        body: {
          code,
          kind: 'free_popclips_addon',
          appliesTo: ['popclips', 'mobile'],
          freePopclipsAddon: true,
        },
      };
    }
    return {
      status: 404,
      body: { error: 'not_found', message: BILLING_MESSAGES.discountNotApplicable },
    };
  },
});

const approval = {
  body: {
    confirmationUrl: 'http://admin.test/sandbox/billing/confirm/7',
    subscription: subscriptionWith([ADDONS.popclipsBasic], { status: 'PENDING' }),
  },
};

async function openPage(routes: FakeRoutes = {}, shop: Shop | (() => Shop) = newShop()) {
  const view = renderApp({ path: '/account/plans', shop, routes });
  await pageTitle('Select Plan');
  await screen.findByRole('heading', { name: 'Live Selling' });
  return view;
}

const pick = (name: string) =>
  userEvent.click(screen.getByRole('button', { name: `Select ${name}` }));

describe('Select Plan page', () => {
  it('shows a card per add-on of the standard plan, grouped by feature, with prices and limits', async () => {
    await openPage();
    for (const title of ['Popclips: Shoppable Videos', 'Mobile App', 'Live Selling']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    // The free add-on is named 'Free' and priced $0.00, never 'Free' twice.
    expect(screen.getAllByText('Free')).toHaveLength(1);
    expect(screen.getByText('$0.00/month')).toBeVisible();
    expect(screen.getByText('$29.99/month')).toBeVisible();
    expect(screen.getByText('1,000 views per month')).toBeVisible();
    expect(screen.getByText('Unlimited views per month')).toBeVisible();
    expect(screen.getByText('10,000 app downloads')).toBeVisible();
    expect(screen.getAllByText('iOS only')).toHaveLength(1);
    expect(screen.getAllByText('iOS and Android')).toHaveLength(2);
    expect(screen.getByText('4 live events per month')).toBeVisible();
    // 1,000,000 events is above 999,999: unlimited.
    expect(screen.getByText('Unlimited live events per month')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact our support team' })).toHaveAttribute(
      'href',
      'mailto:support@popstage.example',
    );
  });

  it("insets each feature's heading on phones, where the plan cards run edge to edge", async () => {
    await openPage();
    for (const title of ['Popclips: Shoppable Videos', 'Mobile App', 'Live Selling']) {
      const heading = screen.getByRole('heading', { level: 2, name: title });
      const box = heading.closest('.Polaris-Box') as HTMLElement | null;
      // Polaris Box's responsive inline padding: space-400 at xs, none from sm.
      expect(box?.style.getPropertyValue('--pc-box-padding-inline-start-xs')).toBe(
        'var(--p-space-400)',
      );
      expect(box?.style.getPropertyValue('--pc-box-padding-inline-start-sm')).toBe(
        'var(--p-space-0)',
      );
    }
  });

  it('deselects a plan that is picked again, and the header switches Continue Setup/Checkout', async () => {
    await openPage();
    expect(screen.getByRole('button', { name: 'Continue Setup' })).toBeVisible();
    await pick('Popclips: Shoppable Videos Basic');
    expect(
      screen.getByRole('button', { name: 'Deselect Popclips: Shoppable Videos Basic' }),
    ).toHaveTextContent('Selected');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Deselect Popclips: Shoppable Videos Basic' }),
    );
    expect(
      screen.getByRole('button', { name: 'Select Popclips: Shoppable Videos Basic' }),
    ).toHaveTextContent('Select');
    expect(screen.getByRole('button', { name: 'Continue Setup' })).toBeVisible();
  });

  it('asks for a plan when Continue is pressed with none selected', async () => {
    const view = await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await expectToast('Please select at least one plan.');
    // The toast is App Bridge's (in the admin); the page shows the message too.
    expect(screen.getAllByText('Please select at least one plan.')).toHaveLength(1);
    expect(view.calls('POST', '/api/shopify/shop/subscription/draft')).toHaveLength(0);
  });

  it('applies a discount code trimmed and upper-cased, and rejects an unknown one inline', async () => {
    const view = await openPage(checkoutRoutes(approval));
    const field = screen.getByRole('textbox', { name: 'Discount code' });
    await userEvent.type(field, '  nope ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(BILLING_MESSAGES.discountNotApplicable)).toBeVisible();
    expect(view.calls('GET', '/api/billing/discount-codes/NOPE')).toHaveLength(1);

    await userEvent.clear(field);
    await userEvent.type(field, ' welcome20 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount code WELCOME20 applied.')).toBeVisible();
    expect(screen.queryByText(BILLING_MESSAGES.discountNotApplicable)).toBeNull();
  });

  it('shows the popclips add-on as Free with a free-add-on code once popclips or mobile is picked', async () => {
    await openPage(checkoutRoutes(approval));
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'popfree');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Discount code POPFREE applied.');
    // Not yet: the code needs popclips or mobile in the selection.
    expect(screen.getAllByText('Free')).toHaveLength(1);
    await pick('Mobile App Pro');
    // Basic and Premium now cost nothing; their list prices stay, struck through.
    expect(screen.getAllByText('Free')).toHaveLength(3);
    expect(screen.getByText('$149.99/month')).toHaveClass('Polaris-Text__line--through');
  });

  it('checks out: draft, confirmation totals, purchase, then the top window goes to approval', async () => {
    const view = await openPage(checkoutRoutes(approval));
    await pick('Popclips: Shoppable Videos Basic');
    await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), 'welcome20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Discount code WELCOME20 applied.');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Popclips: Shoppable Videos: Basic')).toBeVisible();
    expect(within(dialog).getByText('Subtotal')).toBeVisible();
    expect(within(dialog).getByText('$29.99')).toBeVisible();
    expect(within(dialog).getByText('Discount (WELCOME20)')).toBeVisible();
    expect(within(dialog).getByText('−$6.00')).toBeVisible();
    expect(within(dialog).getByText('$23.99/month')).toBeVisible();
    expect(view.calls('POST', '/api/shopify/shop/subscription/draft')[0]?.body).toEqual({
      shopifyDomain: 'demo-store.myshopify.com',
      planId: 'bundle-flexible-2025-monthly',
      extraAddonIds: ['addon-popclips-basic'],
      discountCode: 'WELCOME20',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(view.redirects).toEqual(['http://admin.test/sandbox/billing/confirm/7']),
    );
    expect(view.calls('POST', '/api/shopify/shop/subscription')[0]?.body).toEqual({
      draftId: '00000000-0000-4000-8000-000000000001',
    });
    const [event] = view.calls('PUT', '/ingest/appevents');
    expect(event?.request.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(event?.body).toMatchObject({
      action: 'checkout',
      category: 'billing',
      stage: 'confirm',
      shopId: 'demo-store.myshopify.com',
      properties: { reason: 'first_ever', addonIds: 'addon-popclips-basic' },
    });
  });

  it('activates a free selection at once: the shop is reloaded and the merchant lands on /', async () => {
    let shop = newShop();
    const stub = subscriptionWith([ADDONS.popclipsFree], { isStubSubscription: true });
    const view = await openPage(
      checkoutRoutes(() => {
        shop = readyShop({ subscription: stub, enabledFeatures: ['popclips'] });
        return { body: { confirmationUrl: null, subscription: stub } };
      }),
      () => shop,
    );
    await pick('Popclips: Shoppable Videos Free');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await pageTitle('Welcome to Popstage');
    expect(view.pathname()).toBe('/');
    expect(view.redirects).toEqual([]);
  });

  it.each([
    ['refused for its code', 'welcome20', 400, BILLING_MESSAGES.discountNotApplicable],
    ['refused without a code', '', 400, 'Please select at least one plan.'],
    ['failed on the server', 'welcome20', 500, BILLING_MESSAGES.couldNotProceed],
  ])(
    'toasts a draft %s with the server reason or the generic text',
    async (_case, code, status, message) => {
      await openPage({
        ...checkoutRoutes(approval),
        'POST /api/shopify/shop/subscription/draft': {
          status,
          body: { error: 'Bad Request', message: status === 400 ? message : 'Internal' },
        },
      });
      await pick('Popclips: Shoppable Videos Basic');
      if (code) await userEvent.type(screen.getByRole('textbox', { name: 'Discount code' }), code);
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await expectToast(message);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it.each([
    [500, BILLING_MESSAGES.checkoutFailed],
    [502, BILLING_MESSAGES.checkoutLinkFailed],
  ])('toasts a failed purchase (%i)', async (status, message) => {
    const view = await openPage(
      checkoutRoutes({ status, body: { error: 'failed', message: 'Something broke' } }),
    );
    await pick('Popclips: Shoppable Videos Basic');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await expectToast(message);
    expect(view.redirects).toEqual([]);
  });

  it('toasts and shows the plan load failure', async () => {
    renderApp({
      path: '/account/plans',
      shop: newShop(),
      routes: { 'GET /api/billing/plans': { status: 500, body: { error: 'x', message: 'x' } } },
    });
    await pageTitle('Select Plan');
    await expectToast(BILLING_MESSAGES.planLoadFailed);
    expect(screen.getAllByText(BILLING_MESSAGES.planLoadFailed)).toHaveLength(1);
  });
});

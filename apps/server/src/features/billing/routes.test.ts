import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signShopifyWebhook } from '../../platform/shopify';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { proposePlanChange } from './service';

const PLAN = 'bundle-flexible-2025-monthly';
const NOT_APPLICABLE = "Discount Code doesn't exist or is not applicable to the selected plan.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (shop: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.asShop(shop, method, url, payload);
const shopOf = async (shop: string) => (await call(shop, 'GET', '/api/shopify/shop')).json();

async function draft(shop: string, extraAddonIds: string[], discountCode?: string) {
  return call(shop, 'POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: PLAN,
    extraAddonIds,
    ...(discountCode === undefined ? {} : { discountCode }),
  });
}

/** Draft → purchase; returns the purchase answer. */
async function buy(shop: string, addonIds: string[], discountCode?: string) {
  const created = await draft(shop, addonIds, discountCode);
  expect(created.statusCode, created.body).toBe(200);
  const res = await call(shop, 'POST', '/api/shopify/shop/subscription', {
    draftId: created.json().id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The merchant's click on the sandbox confirmation page. */
async function decide(confirmationUrl: string, decision: 'approve' | 'decline') {
  const path = new URL(confirmationUrl).pathname;
  return t.app.inject({ method: 'POST', url: `${path}/${decision}` });
}

async function subscriptionRows(shop: string) {
  return queryRows<{ status: string; addon_ids: string[]; is_stub: boolean }>(
    t.deps.database.db,
    sql`select s.status, s.addon_ids, s.is_stub from subscriptions s join shops on shops.id = s.shop_id
        where shops.shopify_domain = ${shop} order by s.created_at`,
  );
}

describe('catalogue', () => {
  it('lists the public plans with their add-ons', async () => {
    const plans = (await call(SHOP_A, 'GET', '/api/billing/plans')).json();
    expect(plans.map((plan: { skuCode: string }) => plan.skuCode)).toEqual([PLAN]);
    const skus = plans[0].addons.map((addon: { skuCode: string }) => addon.skuCode);
    expect(skus).toEqual(
      expect.arrayContaining(['addon-popclips-free-2025', 'addon-popclips-basic']),
    );
    expect(skus).not.toContain('addon-popclips-free');
    const basic = plans[0].addons.find(
      (a: { skuCode: string }) => a.skuCode === 'addon-popclips-basic',
    );
    expect(basic.price[0]).toEqual({ amount: '29.99', currencyCode: 'USD' });
    expect(basic.attributes[0]).toMatchObject({
      attributeId: 'popclips.monthlyViews.max',
      value: 15000,
    });
  });

  it('answers one plan, and 404 for unknown or private ones', async () => {
    expect((await call(SHOP_A, 'GET', `/api/billing/plans/${PLAN}`)).json().skuCode).toBe(PLAN);
    for (const id of ['nope', 'bundle-flexible-monthly']) {
      const res = await call(SHOP_A, 'GET', `/api/billing/plans/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Failed to get plan information. Please contact support.');
    }
  });

  it('orders the features third, first, second', async () => {
    const features = (await call(SHOP_A, 'GET', '/api/billing/features')).json();
    expect(features.map((f: { id: string }) => f.id)).toEqual(['popclips', 'mobile', 'live']);
  });

  it('lists only public add-ons', async () => {
    const addons = (await call(SHOP_A, 'GET', '/api/billing/addons')).json();
    expect(addons.every((addon: { visibility: string }) => addon.visibility === 'public')).toBe(
      true,
    );
  });

  it('looks up a discount code, upper-cased and trimmed', async () => {
    const res = await call(SHOP_A, 'GET', '/api/billing/discount-codes/%20welcome20%20');
    expect(res.json()).toMatchObject({
      code: 'WELCOME20',
      kind: 'percentage',
      freePopclipsAddon: false,
    });
    const expired = await call(SHOP_A, 'GET', '/api/billing/discount-codes/EXPIRED2024');
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(NOT_APPLICABLE);
  });
});

describe('drafts', () => {
  it('prices a selection with a code', async () => {
    const res = await draft(SHOP_B, ['addon-popclips-basic'], '  welcome20 ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      planId: PLAN,
      addonIds: ['addon-popclips-basic'],
      discountCode: 'WELCOME20',
      subscriptionSubtotal: { amount: '29.99', currencyCode: 'USD' },
      subscriptionDiscount: { amount: '6.00', currencyCode: 'USD' },
      subscriptionTotal: { amount: '23.99', currencyCode: 'USD' },
      subscriptionDiscountPercentage: 0.2,
    });
    expect(res.json().lineItems.map((line: { type: string }) => line.type)).toEqual([
      'plan',
      'addon',
      'discount',
    ]);
  });

  it.each([
    [{ shopifyDomain: SHOP_A }, 403, 'You do not have access to this shop'],
    [{ planId: 'nope' }, 400, 'Unknown plan nope'],
    [{ planId: 'bundle-flexible-monthly' }, 400, 'Unknown plan bundle-flexible-monthly'],
    [{ extraAddonIds: ['addon-nope'] }, 400, `Unknown add-on addon-nope for plan ${PLAN}`],
    [
      { extraAddonIds: ['addon-popclips-free'] },
      400,
      `Unknown add-on addon-popclips-free for plan ${PLAN}`,
    ],
    [
      { extraAddonIds: ['addon-popclips-basic', 'addon-popclips-premium'] },
      400,
      'Choose at most one add-on per feature',
    ],
    [{ extraAddonIds: [] }, 400, 'Please select at least one plan.'],
    [{ discountCode: 'NOPE' }, 400, NOT_APPLICABLE],
    [{ discountCode: 'EXPIRED2024' }, 400, NOT_APPLICABLE],
    [{ discountCode: 'POPFREE', extraAddonIds: ['addon-live-basic'] }, 400, NOT_APPLICABLE],
  ])('rejects %j with %i and stores nothing', async (override, status, message) => {
    const before = await queryRows(
      t.deps.database.db,
      sql`select count(*)::int as n from subscription_drafts`,
    );
    const res = await call(SHOP_B, 'POST', '/api/shopify/shop/subscription/draft', {
      shopifyDomain: SHOP_B,
      planId: PLAN,
      extraAddonIds: ['addon-popclips-basic'],
      ...override,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    const after = await queryRows(
      t.deps.database.db,
      sql`select count(*)::int as n from subscription_drafts`,
    );
    expect(after).toEqual(before);
  });

  it('does not sell another shop’s draft', async () => {
    const mine = (await draft(SHOP_A, ['addon-popclips-basic'])).json();
    const res = await call(SHOP_B, 'POST', '/api/shopify/shop/subscription', { draftId: mine.id });
    expect(res.statusCode).toBe(404);
  });
});

describe('purchase, approval and the shop’s features', () => {
  it('activates a free plan at once with a stub subscription', async () => {
    const bought = await buy(SHOP_A, ['addon-popclips-free-2025']);
    expect(bought.confirmationUrl).toBeNull();
    expect(bought.subscription).toMatchObject({ isStubSubscription: true, status: 'ACTIVE' });
    const shop = await shopOf(SHOP_A);
    expect(shop).toMatchObject({
      subscriptionActive: true,
      enabledFeatures: ['popclips'],
      activePlan: { skuCode: PLAN },
    });
    const gating = (await call(SHOP_A, 'GET', '/api/shopify/shop/popclips/gating')).json();
    expect(gating.data).toMatchObject({ max_views: '1,000', total_views: 0, limit_access: false });
  });

  it('upgrades to Basic through the confirmation page', async () => {
    const bought = await buy(SHOP_A, ['addon-popclips-basic', 'addon-mobile-basic']);
    expect(bought.confirmationUrl).toMatch(/\/sandbox\/billing\/confirm\/\d+$/);
    expect(bought.subscription.status).toBe('PENDING');
    // The approval page (and the bill) names each feature's plan, never 'Popstage · basic'.
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(bought.confirmationUrl).pathname,
    });
    expect(page.body).toContain('<h2>Popclips Basic · Mobile Basic</h2>');
    // Not approved yet: the free plan is still the active one.
    expect((await shopOf(SHOP_A)).enabledFeatures).toEqual(['popclips']);

    const approved = await decide(bought.confirmationUrl, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toMatch(
      /\/billing\/return\?shop=demo-store\.myshopify\.com&charge_id=\d+/,
    );
    const back = await t.app.inject({
      method: 'GET',
      url: String(approved.headers.location).replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(back.statusCode).toBe(303);
    // Back into the shop's admin (the local Shopify's admin frame here).
    expect(back.headers.location).toBe(`/sandbox/store/${SHOP_A}/apps/popstage`);

    const shop = await shopOf(SHOP_A);
    expect(shop.enabledFeatures).toEqual(['popclips', 'mobile']);
    expect(shop.subscription).toMatchObject({ status: 'ACTIVE', isStubSubscription: false });
    expect((await subscriptionRows(SHOP_A)).map((row) => row.status)).toEqual([
      'REPLACED',
      'ACTIVE',
    ]);
    const gating = (await call(SHOP_A, 'GET', '/api/shopify/shop/popclips/gating')).json();
    expect(gating.data).toMatchObject({ max_views: '15,000', type_of_date: 'subscription' });
  });

  it('quotes an upgrade prorated over the 30-day cycle', async () => {
    const quote = (currentPlanPrice: string, newPlanPrice: string) =>
      call(
        SHOP_A,
        'GET',
        `/api/shopify/shop/subscription/adjustment-amount?currentPlanPrice=${currentPlanPrice}&newPlanPrice=${newPlanPrice}`,
      );
    const res = await quote('69.98', '189.98');
    // Activated moments ago: a whole cycle of 69.98 is credited.
    expect(res.json()).toMatchObject({
      adjustmentAmount: '120.00',
      currentPlanPrice: '69.98',
      newPlanPrice: '189.98',
    });
    const down = await quote('69.98', '9.99');
    // A downgrade applies at once too: nothing today, the unused difference credited (30 days
    // left: (69.98 − 9.99) × 30 / 30).
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      adjustmentAmount: '0.00',
      creditAmount: '59.99',
      remainingDays: 30,
      newPlanPrice: '9.99',
    });
    expect((await quote('9.99', '9.99')).statusCode).toBe(400);
  });

  it('keeps the current plan when the merchant declines', async () => {
    const bought = await buy(SHOP_A, ['addon-popclips-premium']);
    const declined = await decide(bought.confirmationUrl, 'decline');
    expect(declined.statusCode).toBe(303);
    const back = await t.app.inject({ method: 'GET', url: `/billing/return?shop=${SHOP_A}` });
    // Back in the admin, which says that nothing was charged.
    expect(back.headers.location).toBe(`/sandbox/store/${SHOP_A}/apps/popstage?charge=declined`);
    expect((await shopOf(SHOP_A)).subscription.addonIds).toEqual([
      'addon-popclips-basic',
      'addon-mobile-basic',
    ]);
    expect((await decide(bought.confirmationUrl, 'approve')).statusCode).not.toBe(303);
  });

  it('refuses buying exactly the active selection again', async () => {
    const res = await draft(SHOP_A, ['addon-popclips-basic', 'addon-mobile-basic']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select at least one plan.');
  });

  it('cancels the paid charge when moving down to a free plan', async () => {
    const before = await t.deps.platform.activeAppSubscriptions(SHOP_A);
    expect(before).toHaveLength(1);
    const bought = await buy(SHOP_A, ['addon-popclips-free-2025']);
    expect(bought.confirmationUrl).toBeNull();
    expect(await t.deps.platform.activeAppSubscriptions(SHOP_A)).toEqual([]);
    expect((await shopOf(SHOP_A)).enabledFeatures).toEqual(['popclips']);
  });
});

describe('APP_SUBSCRIPTIONS_UPDATE webhook', () => {
  const body = JSON.stringify({ app_subscription: { status: 'ACTIVE' } });
  const send = (hmac: string, webhookId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/app_subscriptions/update',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': hmac,
        'x-shopify-shop-domain': SHOP_B,
        'x-shopify-webhook-id': webhookId,
        'x-shopify-topic': 'app_subscriptions/update',
        'x-shopify-triggered-at': t.clock.now().toISOString(),
      },
      payload: body,
    });

  it('refuses a wrong signature with 401 and changes nothing', async () => {
    const bought = await buy(SHOP_B, ['addon-live-basic']);
    // Approved on the platform, but the app has not heard of it yet.
    const id = new URL(bought.confirmationUrl).pathname.split('/').pop();
    await t.deps.sandbox?.approveAppSubscription(Number(id));
    const before = await subscriptionRows(SHOP_B);
    const res = await send('bm90LXRoZS1yaWdodC1obWFj', 'delivery-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Invalid webhook signature' });
    expect(await subscriptionRows(SHOP_B)).toEqual(before);
    expect((await shopOf(SHOP_B)).subscriptionActive).toBe(false);
  });

  it('activates from the platform’s truth, and a replay changes nothing', async () => {
    const hmac = signShopifyWebhook(Buffer.from(body), t.deps.config.SHOPIFY_API_SECRET);
    const first = await send(hmac, 'delivery-2');
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    const after = await subscriptionRows(SHOP_B);
    expect(after.at(-1)?.status).toBe('ACTIVE');
    expect((await shopOf(SHOP_B)).enabledFeatures).toEqual(['live']);

    const replay = await send(hmac, 'delivery-2');
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    expect(await subscriptionRows(SHOP_B)).toEqual(after);
  });
});

describe('pending plan change', () => {
  it('shows the proposal and accepts it through its purchase link', async () => {
    const proposal = await proposePlanChange(t.deps, SHOP_B, {
      planId: PLAN,
      addonIds: ['addon-popclips-premium', 'addon-live-basic'],
    });
    const shop = await shopOf(SHOP_B);
    expect(shop.pendingSubscription).toMatchObject({
      id: proposal.id,
      draft: { id: proposal.draftId },
    });

    const res = await call(SHOP_B, 'POST', '/api/shopify/shop/subscription/purchase-url', {
      pendingSubscriptionId: proposal.id,
    });
    expect(res.statusCode).toBe(200);
    const { confirmationUrl } = res.json();
    expect(confirmationUrl).toMatch(/\/sandbox\/billing\/confirm\/\d+$/);
    // Asking again gives the same link rather than a second charge.
    const again = await call(SHOP_B, 'POST', '/api/shopify/shop/subscription/purchase-url', {});
    expect(again.json().confirmationUrl).toBe(confirmationUrl);

    await decide(confirmationUrl, 'approve');
    const after = await shopOf(SHOP_B);
    expect(after.pendingSubscription).toBeNull();
    expect(after.enabledFeatures).toEqual(['popclips', 'live']);
  });

  it('answers 404 when there is none', async () => {
    const res = await call(SHOP_B, 'POST', '/api/shopify/shop/subscription/purchase-url', {});
    expect(res.statusCode).toBe(404);
  });
});

describe('discount code redemptions', () => {
  it('lets a one-time code be used once across shops', async () => {
    const first = await buy(SHOP_B, ['addon-mobile-pro'], 'onceonly');
    await decide(first.confirmationUrl, 'approve');
    const second = await draft(SHOP_A, ['addon-mobile-pro'], 'ONCEONLY');
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(NOT_APPLICABLE);
  });
});

describe('popclips gating', () => {
  it('limits access once the month’s views reach the plan’s limit', async () => {
    await buy(SHOP_A, ['addon-popclips-free-2025', 'addon-mobile-basic']).then((b) =>
      decide(b.confirmationUrl, 'approve'),
    );
    const [shop] = await queryRows<{ id: string }>(
      t.deps.database.db,
      sql`select id from shops where shopify_domain = ${SHOP_A}`,
    );
    // What the ingest writes for 1000 counted views: the events and the day's total.
    t.clock.advance(60_000);
    const at = t.clock.now().toISOString();
    await t.deps.database.db.execute(
      sql`insert into popclip_daily_views (shop_id, popclip_id, day, views)
          values (${shop?.id}, 'clip-1', ${at.slice(0, 10)}::date, 1000)`,
    );
    await t.deps.database.db.execute(
      sql`insert into storefront_events (shop_id, clip_id, type, visitor_id, occurred_at, received_at)
          select ${shop?.id}::uuid, 'clip-1', 'view', 'visitor-' || n, ${at}::timestamptz, ${at}::timestamptz
          from generate_series(1, 1000) as n`,
    );
    const gating = (await call(SHOP_A, 'GET', '/api/shopify/shop/popclips/gating')).json();
    expect(gating.data).toMatchObject({
      max_views: '1,000',
      total_views: 1000,
      limit_access: true,
    });
  });
});

import { DEMO_SHOP, OTHER_SHOP } from '@popstage/shopify-sandbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mobileAppConfigs, mobileAppRequests, subscriptions } from '../db/schema';
import { findShop } from '../features/shop';
import { type SandboxTestApp, startSandboxApp } from '../test/sandbox-app';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PUBLIC_PLAN = 'bundle-flexible-2025-monthly';

let t: SandboxTestApp;

beforeAll(async () => {
  t = await startSandboxApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${shop}/reset` });
  }
});

/** The app's pending plan changes proposed by the company, for one shop. */
async function proposals(shop: string) {
  const row = await findShop(t.database.db, shop);
  if (!row) return [];
  return t.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.shopId, row.id), eq(subscriptions.origin, 'company')));
}

const stateOf = async (shop: string) =>
  (await t.app.inject({ method: 'GET', url: '/sandbox/api/shops' }))
    .json()
    .shops.find((s: { domain: string }) => s.domain === shop);

const setPreset = (shop: string, preset: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/api/shops/${shop}/mobile-app-state`,
    payload: { preset },
  });

describe('mobile app state presets', () => {
  it('writes each preset over the last one, installing the app', async () => {
    const cases = [
      ['submitted', { submittedAt: expect.any(String), iosStatus: null, androidStatus: null }],
      [
        'ios_live',
        { iosStatus: 'LIVE', iosLink: expect.stringMatching(/^https:\/\/apps\.apple\.com\//) },
      ],
      [
        'blocked',
        {
          androidStatus: 'BLOCKED',
          blockedDescription: expect.any(String),
          iosStatus: null,
          iosLink: null,
        },
      ],
      [
        'customer_action',
        {
          iosStatus: 'CUSTOMER',
          customerIssue: expect.any(String),
          androidStatus: null,
          blockedDescription: null,
        },
      ],
    ] as const;
    for (const [preset, expected] of cases) {
      const response = await setPreset(DEMO_SHOP, preset);
      expect(response.statusCode).toBe(200);
      expect(response.json().shop).toMatchObject({ installed: true, mobileAppRequest: expected });
    }
    const none = await setPreset(DEMO_SHOP, 'none');
    expect(none.json().shop.mobileAppRequest).toBeNull();
    const shop = await findShop(t.database.db, DEMO_SHOP);
    expect(
      await t.database.db
        .select()
        .from(mobileAppRequests)
        .where(eq(mobileAppRequests.shopId, shop?.id ?? '')),
    ).toEqual([]);
    expect(await findShop(t.database.db, OTHER_SHOP)).toBeUndefined();
  });

  it('has a form twin and rejects unknown presets', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/mobile-app-state`,
      headers: FORM,
      payload: 'preset=blocked',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sandbox?done=mobile#${DEMO_SHOP}`);
    expect((await stateOf(DEMO_SHOP)).mobileAppRequest.androidStatus).toBe('BLOCKED');
    expect((await setPreset(DEMO_SHOP, 'live')).statusCode).toBe(400);
    expect((await setPreset('unknown.myshopify.com', 'none')).statusCode).toBe(404);
  });
});

describe('mobile app request review (staff)', () => {
  it('sets a submitted request’s states from JSON and from the form, refusing what the app refuses', async () => {
    await setPreset(DEMO_SHOP, 'submitted');
    const json = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/mobile-app-request`,
      payload: { iosStatus: 'review' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().shop.mobileAppRequest.iosStatus).toBe('REVIEW');

    const form = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/mobile-app-request`,
      headers: FORM,
      payload: `iosStatus=LIVE&iosLink=${encodeURIComponent('https://apps.apple.com/app/id7')}&androidStatus=&androidLink=&customerIssue=&blockedDescription=`,
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/sandbox?done=mobile#${DEMO_SHOP}`);
    expect((await stateOf(DEMO_SHOP)).mobileAppRequest).toMatchObject({
      iosStatus: 'LIVE',
      iosLink: 'https://apps.apple.com/app/id7',
    });

    // No mobile plan with Android: the app refuses, the page says so.
    const android = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${DEMO_SHOP}/mobile-app-request`,
      headers: FORM,
      payload: 'androidStatus=REVIEW',
    });
    expect(android.headers.location).toBe(`/sandbox?done=mobile_refused#${DEMO_SHOP}`);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/mobile-app-request`,
      payload: { iosStatus: 'DONE' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('shows the branded app on a sandbox phone once the shop has a config', async () => {
    const preview = (screen = 'home') =>
      t.app.inject({
        method: 'GET',
        url: `/sandbox/shops/${DEMO_SHOP}/app-preview?screen=${screen}`,
      });
    await setPreset(DEMO_SHOP, 'submitted');
    expect((await preview()).statusCode).toBe(404);
    const shop = await findShop(t.database.db, DEMO_SHOP);
    await t.database.db.insert(mobileAppConfigs).values({
      shopId: shop?.id ?? '',
      primaryColor: '#112233',
      bannerTitle: 'Summer <sale>',
      menuHandle: 'main-menu',
    });
    const home = await preview();
    expect(home.statusCode, home.body).toBe(200);
    expect(home.body).toContain('Summer &lt;sale&gt;');
    expect((await preview('menu')).body).toContain('New arrivals');
    expect((await preview('popclips')).statusCode).toBe(200);
    // The Live tab mounts the app's live player (its script from the app, the store's cart).
    const live = (await preview('live')).body;
    expect(live).toContain('<div data-popstage-live aria-label="Live show"></div>');
    expect(live).toMatch(
      /<script src="[^"]+\/storefront\/v1\/live\.js" data-shop="demo-store\.myshopify\.com" async>/,
    );
    expect(live).toContain(`data-root="/sandbox/store/${DEMO_SHOP}/"`);
    expect(home.body).toContain('?screen=live">Live</a>');
    expect((await preview('nope')).statusCode).toBe(400);
  });

  it('registers as a push device and opens deep links: a product, a collection, a Popclip', async () => {
    const preview = (query: string) =>
      t.app.inject({ method: 'GET', url: `/sandbox/shops/${DEMO_SHOP}/app-preview?${query}` });
    await setPreset(DEMO_SHOP, 'submitted');
    const shop = await findShop(t.database.db, DEMO_SHOP);
    await t.database.db
      .insert(mobileAppConfigs)
      .values({ shopId: shop?.id ?? '' })
      .onConflictDoNothing();
    const home = await preview('screen=home');
    expect(home.statusCode, home.body).toBe(200);
    // The phone's script registers with the app's device API and polls its sandbox inbox.
    expect(home.body).toMatch(/mobile\/v1\/apps\/[0-9a-f-]{36}/);
    expect(home.body).toContain("platform: 'sandbox'");
    const [product] = (await t.sandbox.listProducts(DEMO_SHOP, { first: 1 })).nodes;
    const [collection] = (await t.sandbox.listCollections(DEMO_SHOP, { first: 1 })).nodes;
    const productPage = await preview(`screen=product&handle=${product?.handle}`);
    expect(productPage.body).toContain(product?.title.replaceAll('&', '&amp;'));
    expect((await preview('screen=product&handle=no-such-thing')).body).toContain(
      'No such product.',
    );
    const collectionPage = await preview(`screen=collection&handle=${collection?.handle}`);
    expect(collectionPage.body).toContain(`<h2>${collection?.title.replaceAll('&', '&amp;')}</h2>`);
    expect((await preview('screen=popclip&clip=gone')).body).toContain(
      'This Popclip is no longer available.',
    );
  });
});

describe('propose a plan change', () => {
  it('creates a pending company plan change, from JSON and from the form', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${DEMO_SHOP}/propose-plan-change`,
      payload: { planId: PUBLIC_PLAN, addonIds: ['addon-popclips-basic'] },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().shop.installed).toBe(true);
    expect(await proposals(DEMO_SHOP)).toMatchObject([
      { status: 'PENDING', planId: PUBLIC_PLAN, addonIds: ['addon-popclips-basic'] },
    ]);

    const form = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${OTHER_SHOP}/propose-plan-change`,
      headers: FORM,
      payload: `planId=${PUBLIC_PLAN}&addon_popclips=addon-popclips-premium&addon_mobile=addon-mobile-pro&addon_live=&junk=x`,
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/sandbox?done=plan#${OTHER_SHOP}`);
    const [proposal] = await proposals(OTHER_SHOP);
    expect(proposal?.status).toBe('PENDING');
    expect([...(proposal?.addonIds ?? [])].sort()).toEqual([
      'addon-mobile-pro',
      'addon-popclips-premium',
    ]);
    // Nothing reaches the platform until the merchant accepts it in the admin.
    expect(await t.sandbox.listAppSubscriptions(OTHER_SHOP)).toEqual([]);
  });

  it('rejects a malformed body before calling billing', async () => {
    for (const payload of [{}, { planId: '', addonIds: [] }, { planId: 'p', addonIds: 'x' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sandbox/api/shops/${DEMO_SHOP}/propose-plan-change`,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await findShop(t.database.db, DEMO_SHOP)).toBeUndefined();
  });
});

describe('control page billing and mobile sections', () => {
  it('shows charges, the plan change form, mobile presets and discount codes', async () => {
    const { confirmationUrl } = await t.sandbox.createAppSubscription(DEMO_SHOP, {
      name: 'Popclips Growth',
      price: { amount: '29.99', currencyCode: 'USD' },
      returnUrl: 'http://localhost:3000/billing/return',
      test: true,
      replacementBehavior: 'STANDARD',
    });
    await setPreset(DEMO_SHOP, 'ios_live');
    const page = await t.app.inject({ method: 'GET', url: '/sandbox?done=plan' });
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain('Plan change proposed');
    expect(body).toContain('Popclips Growth');
    expect(body).toContain('PENDING');
    expect(body).toContain(`href="${new URL(confirmationUrl).pathname}"`);
    expect(body).toContain(`action="/sandbox/shops/${DEMO_SHOP}/propose-plan-change"`);
    expect(body).toContain(`<option value="${PUBLIC_PLAN}">Flexible 2025`);
    expect(body).not.toContain('value="bundle-flexible-monthly"');
    for (const feature of ['popclips', 'mobile', 'live']) {
      expect(body).toContain(`name="addon_${feature}"`);
    }
    expect(body).toContain('<option value="addon-popclips-basic">basic · $29.99');
    expect(body).not.toContain('value="addon-popclips-free"'); // private
    expect(body).toContain('iOS LIVE');
    expect(body).toContain(`action="/sandbox/shops/${DEMO_SHOP}/mobile-app-state"`);
    expect(body).toContain('<code>WELCOME20</code>');
    expect(body).toContain('20%');
    expect(body).toContain('2025-01-01 – no end');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema';
import { call as appCall, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

const WIZARD = '/api/shopify/shop/app-setup-wizard';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (shop: string, method: 'GET' | 'POST', payload?: object) =>
  t.asShop(shop, method, WIZARD, payload);
const post = (shop: string, event: string) => call(shop, 'POST', { event });
const shopRow = async (shop: string) =>
  (await t.deps.database.db.select().from(shops).where(eq(shops.shopifyDomain, shop)))[0];

describe('app-setup-wizard', () => {
  it('starts at 0 and refuses unknown events', async () => {
    expect((await call(SHOP_A, 'GET')).json()).toEqual({
      data: { completion_percentage: 0, events: [] },
    });
    const bad = await post(SHOP_A, 'STEP_SOMETHING_ELSE');
    expect(bad.statusCode).toBe(400);
  });

  it('stores the popclip and carousel events once, 25 each', async () => {
    const first = await post(SHOP_A, 'STEP_ADD_YOUR_FIRST_POPCLIP');
    expect(first.json()).toEqual({
      data: { completion_percentage: 25, events: ['STEP_ADD_YOUR_FIRST_POPCLIP'] },
    });
    expect(
      (await post(SHOP_A, 'STEP_ADD_YOUR_FIRST_POPCLIP')).json().data.completion_percentage,
    ).toBe(25);
    const both = await post(SHOP_A, 'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL');
    expect(both.json().data).toEqual({
      completion_percentage: 50,
      events: ['STEP_ADD_YOUR_FIRST_POPCLIP', 'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL'],
    });
    // The other shop is untouched.
    expect((await call(SHOP_B, 'GET')).json().data.completion_percentage).toBe(0);
  });

  it('does not store the automatic steps: they follow the store', async () => {
    const res = await post(SHOP_A, 'STEP_ENABLE_VIDEEO_SDK');
    expect(res.json().data.completion_percentage).toBe(50);
    expect(res.json().data.events).not.toContain('STEP_ENABLE_VIDEEO_SDK');
  });

  it('completes steps 1 and 2 from the store, then sets onBoardedOn once', async () => {
    expect((await shopRow(SHOP_A))?.onBoardedOn).toBeNull();
    await t.deps.sandbox?.setAppEmbed(SHOP_A, true);
    await t.app.inject({
      method: 'POST',
      url: '/api/shopify/shop/live-page',
      headers: await t.auth(SHOP_A),
    });
    expect((await call(SHOP_A, 'GET')).json().data.completion_percentage).toBe(75);
    // The app's first load connects its sales channel; then the merchant publishes to it.
    expect((await appCall(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/sandbox/api/shops/${SHOP_A}/publish-products` });
    const done = await call(SHOP_A, 'GET');
    expect(done.json().data).toEqual({
      completion_percentage: 100,
      events: [
        'STEP_ENABLE_VIDEEO_SDK',
        'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
        'STEP_ADD_YOUR_FIRST_POPCLIP',
        'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
      ],
    });
    const onboarded = (await shopRow(SHOP_A))?.onBoardedOn;
    expect(onboarded?.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(60_000);
    await call(SHOP_A, 'GET');
    expect((await shopRow(SHOP_A))?.onBoardedOn).toEqual(onboarded);

    const shop = (
      await t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers: await t.auth(SHOP_A) })
    ).json();
    expect(shop).toMatchObject({
      progressPercentage: 100,
      firstPopclipCreated: true,
      getStartedStatus: { completionPercentage: 100 },
      onBoardedOn: onboarded?.toISOString(),
    });
  });

  it('marks the first-popclip step when skipped', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/shopify/shop-info',
      headers: await t.auth(SHOP_B),
      payload: { key: 'skippedFirstPopclipsCreation', value: true },
    });
    expect((await call(SHOP_B, 'GET')).json().data).toEqual({
      completion_percentage: 25,
      events: ['STEP_ADD_YOUR_FIRST_POPCLIP'],
    });
    const shop = (
      await t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers: await t.auth(SHOP_B) })
    ).json();
    expect(shop).toMatchObject({ progressPercentage: 25, firstPopclipCreated: false });
  });

  it('marks the first-popclip step for shops onboarded before 2024-12-05, not after', async () => {
    await t.deps.database.db
      .update(shops)
      .set({ skippedFirstPopclipsCreation: false, onBoardedOn: new Date('2024-12-05T00:00:00Z') })
      .where(eq(shops.shopifyDomain, SHOP_B));
    expect((await call(SHOP_B, 'GET')).json().data.completion_percentage).toBe(0);
    await t.deps.database.db
      .update(shops)
      .set({ onBoardedOn: new Date('2024-12-04T23:59:59Z') })
      .where(eq(shops.shopifyDomain, SHOP_B));
    expect((await call(SHOP_B, 'GET')).json().data).toEqual({
      completion_percentage: 25,
      events: ['STEP_ADD_YOUR_FIRST_POPCLIP'],
    });
  });
});

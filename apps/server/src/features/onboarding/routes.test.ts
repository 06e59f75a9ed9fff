import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema';
import { call as appCall, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

const WIZARD = '/api/shopify/shop/app-setup-wizard';
const PUBLISH = `${WIZARD}/publish-products`;
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
    // The app's first load connects its sales channel; then the merchant publishes one product
    // to it in the store's own admin (step 2's button is below, with shop B).
    expect((await appCall(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    const [first] = (await t.deps.platform.listProducts(SHOP_A, { first: 1, status: 'ACTIVE' }))
      .nodes;
    expect(await t.deps.sandbox?.publishProducts(SHOP_A, [first?.id ?? ''])).toBe(1);
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

describe('step 2: publish products to the sales channel', () => {
  /** The local Shopify's own view: active products, and those on the app's publication. */
  const store = async (shop: string) => {
    const sandbox = t.deps.sandbox;
    if (!sandbox) throw new Error('sandbox mode only');
    let active = 0;
    let after: string | null = null;
    do {
      const page = await sandbox.listProducts(shop, { first: 250, after, status: 'ACTIVE' });
      active += page.nodes.length;
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return { active, published: await sandbox.countPublishedProducts(shop) };
  };
  const productsStepDone = async (shop: string) =>
    ((await call(shop, 'GET')).json().data.events as string[]).includes(
      'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
    );

  // Shop B (the smaller store) publishes with the button; shop A published one product itself.
  // A 72-product store: three publish batches through the local Shopify's Admin API.
  it("publishes every active product of the session's shop through the Admin API, as a job", async () => {
    const a = await store(SHOP_A);
    expect(a.published).toBe(1);
    expect(await productsStepDone(SHOP_B)).toBe(false);
    expect((await appCall(t, SHOP_B, 'GET', '/api/shopify/shop')).statusCode).toBe(200);

    // A shop named in the body changes nothing: the session's shop is the one published.
    const queued = await appCall(t, SHOP_B, 'POST', PUBLISH, { shopifyDomain: SHOP_A });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toEqual({ data: { queued: true } });
    // The job publishes, not the request: until it runs the step stays open.
    expect(await productsStepDone(SHOP_B)).toBe(false);
    expect(await t.runJobs()).toBe(1);

    const b = await store(SHOP_B);
    expect(b.active).toBeGreaterThan(0);
    expect(b.published).toBe(b.active);
    expect(await productsStepDone(SHOP_B)).toBe(true);
    const shop = (await appCall(t, SHOP_B, 'GET', '/api/shopify/shop')).json();
    expect(shop.publishedProductsToSalesChannelCount).toBe(b.active);
    expect(await store(SHOP_A)).toEqual(a);
  }, 60_000);

  it('queues one run for repeated clicks, and a repeat publishes nothing twice', async () => {
    const before = await store(SHOP_B);
    for (let i = 0; i < 3; i++) {
      expect((await appCall(t, SHOP_B, 'POST', PUBLISH)).statusCode).toBe(202);
    }
    expect(await t.runJobs()).toBe(1);
    expect(await store(SHOP_B)).toEqual(before);
  });

  it('needs a session token', async () => {
    const answer = await t.app.inject({ method: 'POST', url: PUBLISH });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ message: expect.any(String) });
  });
});

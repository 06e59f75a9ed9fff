import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/shopify/shop', () => {
  it('answers 401 with a JSON body without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shopify/shop' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Missing session token' });
  });

  it('answers 401 for a forged token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shopify/shop',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session token is invalid');
  });

  it('installs the shop on first call and returns the Shop entity', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shopify/shop',
      headers: await t.auth(SHOP_A),
    });
    expect(res.statusCode).toBe(200);
    const shop = res.json();
    expect(shop).toMatchObject({
      shopifyDomain: SHOP_A,
      currency: 'USD',
      embedEnabled: false,
      livePageCreated: false,
      subscriptionActive: false,
      subscription: null,
      featureFlags: {
        deactivate_shop: false,
        looker_dashboard: false,
        popclips_analytics_dashboard: false,
        disable_push_notification: false,
      },
      publishedProductsToSalesChannelCount: 0,
      getStartedStatus: { completionPercentage: 0, events: [] },
      csStoreCreated: false,
      popshopliveAccountCreated: false,
    });
    for (const field of [
      'shopName',
      'ownerName',
      'ownerEmail',
      'primaryDomainUrl',
      'installedAt',
    ]) {
      expect(shop[field], field).toEqual(expect.any(String));
    }
  });
});

describe('embed and live page', () => {
  it('reports the theme app embed as the platform has it', async () => {
    const headers = await t.auth(SHOP_A);
    const off = await t.app.inject({ method: 'GET', url: '/api/shopify/shop/embed', headers });
    expect(off.json()).toEqual({ embedEnabled: false });
    await t.deps.sandbox?.setAppEmbed(SHOP_A, true);
    const on = await t.app.inject({ method: 'GET', url: '/api/shopify/shop/embed', headers });
    expect(on.json()).toEqual({ embedEnabled: true });
  });

  it('creates the live page once and completes the SDK step with the embed on', async () => {
    const headers = await t.auth(SHOP_A);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shopify/shop/live-page',
        headers,
      });
      expect(res.json()).toEqual({ livePageCreated: true });
    }
    const page = await t.deps.platform.findPage(SHOP_A, 'live');
    expect(page?.handle).toBe('live');
    const shop = (await t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers })).json();
    expect(shop.livePageCreated).toBe(true);
    expect(shop.getStartedStatus).toEqual({
      completionPercentage: 25,
      events: ['STEP_ENABLE_VIDEEO_SDK'],
    });
  });
});

describe('POST /api/shopify/shop-info', () => {
  it('stores an allow-listed key', async () => {
    const headers = await t.auth(SHOP_A);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopify/shop-info',
      headers,
      payload: { key: 'miniplayer_position_mobile_web', value: { xAxis: 10, yAxis: 75 } },
    });
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/shopify/shop/${SHOP_A}`, headers });
    expect(read.json().data.miniplayer_position_mobile_web).toEqual({ xAxis: 10, yAxis: 75 });
  });

  it('stores skippedFirstPopclipsCreation on the shop', async () => {
    const headers = await t.auth(SHOP_A);
    await t.app.inject({
      method: 'POST',
      url: '/api/shopify/shop-info',
      headers,
      payload: { key: 'skippedFirstPopclipsCreation', value: true },
    });
    const shop = (await t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers })).json();
    expect(shop.skippedFirstPopclipsCreation).toBe(true);
  });

  it('stores customerAccountClientId and shop-details returns it', async () => {
    const headers = await t.auth(SHOP_A);
    await t.app.inject({
      method: 'POST',
      url: '/api/shopify/shop-info',
      headers,
      payload: { key: 'customerAccountClientId', value: 'client-123' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/shopify/shop-details', headers });
    expect(res.json().data.shop).toMatchObject({
      shopifyDomain: SHOP_A,
      customerAccountClientId: 'client-123',
    });
  });

  it.each([
    [{ key: 'plan', value: 'premium' }, 'key'],
    [{ key: 'skippedFirstPopclipsCreation', value: 'yes' }, 'value'],
    [{ key: 'miniplayer_position_mobile_app', value: { xAxis: 500, yAxis: 1 } }, 'value'],
    [{ value: true }, 'key'],
  ])('rejects %j with 400 and stores nothing', async (payload, path) => {
    const headers = await t.auth(SHOP_A);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopify/shop-info',
      headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Bad Request',
      issues: [expect.objectContaining({ path })],
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/shopify/shop', headers })).json();
    expect(after).toEqual(before);
  });
});

describe('GET /api/shopify/shop/:shopifyDomain', () => {
  it('rejects a malformed domain with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shopify/shop/not a shop',
      headers: await t.auth(SHOP_A),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid shop domain');
  });
});

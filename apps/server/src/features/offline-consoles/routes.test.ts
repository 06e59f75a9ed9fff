import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = async (shop: string, phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/account/otp/send',
    headers: await t.auth(shop),
    payload: { phone, botToken: '' },
  });

describe('sandbox outbox', () => {
  it('lists delivered codes newest first, as HTML and as JSON filtered by phone', async () => {
    await send(SHOP_A, '+15554440001');
    t.clock.advance(1000);
    await send(SHOP_B, '+15554440002');
    const json = await t.app.inject({ method: 'GET', url: '/sandbox/api/outbox' });
    const messages = json.json().messages;
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['+15554440002', '+15554440001']);
    expect(messages[0]).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/),
      shopDomain: SHOP_B,
    });
    expect(messages[0].body).toContain(messages[0].code);

    const filtered = await t.app.inject({
      method: 'GET',
      url: `/sandbox/api/outbox?phone=${encodeURIComponent('+15554440001')}`,
    });
    expect(filtered.json().messages).toHaveLength(1);
    // An unencoded plus arrives as a space and still filters.
    const unencoded = await t.app.inject({
      method: 'GET',
      url: '/sandbox/api/outbox?phone=+15554440001',
    });
    expect(unencoded.json().messages).toHaveLength(1);

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/outbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(messages[0].code);
    expect(page.body.indexOf('+15554440002')).toBeLessThan(page.body.indexOf('+15554440001'));
  });
});

describe('sandbox publish control', () => {
  it('publishes every active product to the sales channel (JSON and form)', async () => {
    // No channel to publish to before the app connects it (on its first load).
    const early = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_B}/publish-products`,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not connected/);
    for (const shop of [SHOP_A, SHOP_B]) {
      expect((await call(t, shop, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_B}/publish-products`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().published).toBeGreaterThan(0);
    expect(res.json().shop.publishedProducts).toBe(res.json().published);
    const again = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_B}/publish-products`,
    });
    expect(again.json().published).toBe(0);

    const form = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${SHOP_A}/publish-products`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toContain('done=publish');
    const control = await t.app.inject({ method: 'GET', url: '/sandbox' });
    expect(control.body).toContain('Publish all active products');
    expect(control.body).toContain('/sandbox/outbox');
  });

  it('404s for a shop that is not a sandbox shop', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/shops/nobody.myshopify.com/publish-products',
    });
    expect(res.statusCode).toBe(404);
  });
});

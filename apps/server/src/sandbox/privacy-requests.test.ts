import { sandboxWebhookDeliveries } from '@popstage/shopify-sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontOrders } from '../db/schema';
import { ensureShop } from '../features/shop';
import { call, createTestApp, SHOP_A, type TestApp } from '../test/app';
import { productForSale, sandboxCheckout } from '../test/checkout';

/**
 * The control page's privacy requests reach the app's real compliance routes as Shopify's signed
 * webhooks, naming the customer by the orders they placed at the sandbox checkout.
 */

let t: TestApp;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp();
  shopId = (await ensureShop(t.deps, SHOP_A)).id;
  const { variant } = await productForSale(t, SHOP_A);
  await sandboxCheckout(t, SHOP_A, 'visitor-1', variant.id);
});
afterAll(() => t.close());

const visitorOf = async (name: string) => {
  const [row] = await t.deps.database.db
    .select({ visitorId: storefrontOrders.visitorId })
    .from(storefrontOrders)
    .where(and(eq(storefrontOrders.shopId, shopId), eq(storefrontOrders.name, name)));
  return row?.visitorId;
};

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

describe('privacy requests from the sandbox', () => {
  it('sends customers/data_request for the named orders, and the app accepts it', async () => {
    expect(await visitorOf('#1001')).toBe('visitor-1');
    const answer = await post(`/sandbox/api/shops/${SHOP_A}/privacy-requests`, {
      topic: 'customers/data_request',
      orders: '#1001',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().delivery).toMatchObject({ statusCode: 200 });
    expect(await visitorOf('#1001')).toBe('visitor-1');
    // The merchant finds the export in the app.
    const listed = await call(t, SHOP_A, 'GET', '/api/compliance/data-requests');
    expect(listed.json().requests).toEqual([
      expect.objectContaining({ ordersRequested: 1, orders: 1 }),
    ]);
  });

  it('sends customers/redact, and the app detaches the order from its shopper', async () => {
    const answer = await post(`/sandbox/api/shops/${SHOP_A}/privacy-requests`, {
      topic: 'customers/redact',
      orders: ['1001'],
    });
    expect(answer.json().delivery).toMatchObject({ statusCode: 200 });
    expect(await visitorOf('#1001')).toBeNull();
  });

  it('refuses an order the shop does not have or no order at all, sending nothing', async () => {
    const before = await t.deps.database.db.select().from(sandboxWebhookDeliveries);
    for (const orders of ['#1001, #4040', '', 'none']) {
      const answer = await post(`/sandbox/api/shops/${SHOP_A}/privacy-requests`, {
        topic: 'customers/redact',
        orders,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toHaveProperty('message');
    }
    const bad = await post(`/sandbox/api/shops/${SHOP_A}/privacy-requests`, {
      topic: 'shop/redact',
      orders: '#1001',
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.deps.database.db.select().from(sandboxWebhookDeliveries)).toHaveLength(
      before.length,
    );
  });

  it('sends shop/redact only after an uninstall, and the app queues the deletion', async () => {
    const early = await post(`/sandbox/api/shops/${SHOP_A}/shop-redact`);
    expect(early.statusCode).toBe(409);
    expect((await post(`/sandbox/api/shops/${SHOP_A}/uninstall`)).statusCode).toBe(200);
    const redact = await post(`/sandbox/api/shops/${SHOP_A}/shop-redact`);
    expect(redact.statusCode).toBe(200);
    expect(redact.json().delivery).toMatchObject({ statusCode: 200 });
    const [logged] = await t.deps.database.db
      .select()
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.topic, 'shop/redact'));
    expect(logged).toMatchObject({ shopDomain: SHOP_A, attempts: 1, lastStatus: 200 });
  });

  it('offers both on the control page, shop/redact once uninstalled', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox' });
    expect(page.body).toContain(`action="/sandbox/shops/${SHOP_A}/privacy-requests"`);
    expect(page.body).toContain(`action="/sandbox/shops/${SHOP_A}/shop-redact"`);
    const form = await t.app.inject({
      method: 'POST',
      url: `/sandbox/shops/${SHOP_A}/privacy-requests`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'topic=customers%2Fdata_request&orders=%231001',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toMatch(/done=privacy/);
  });
});

describe('cookie consent on the sandbox storefront', () => {
  it('shows the consent banner and offers the Customer Privacy API once a shop requires consent', async () => {
    const home = () => t.app.inject({ method: 'GET', url: `/sandbox/store/${SHOP_A}` });
    const before = (await home()).body;
    expect(before).not.toContain('id="consent-banner"');
    expect(before).toContain('window.Shopify.loadFeatures = function');
    expect(before).toContain('var required = false;');

    const set = await post(`/sandbox/api/shops/${SHOP_A}/consent`, { required: true });
    expect(set.json().shop.consentRequired).toBe(true);
    const after = (await home()).body;
    expect(after).toContain('role="region" aria-label="Cookie consent"');
    expect(after).toContain('var required = true;');
    // The consent cookie is read with Shopify's name, whatever the cookies before it.
    expect(after).toContain('/(?:^|;\\s*)_tracking_consent=(yes|no)/');

    const bad = await post(`/sandbox/api/shops/${SHOP_A}/consent`, { required: 'yes' });
    expect(bad.statusCode).toBe(400);
    await post(`/sandbox/api/shops/${SHOP_A}/consent`, { required: false });
    expect((await home()).body).not.toContain('id="consent-banner"');
  });
});

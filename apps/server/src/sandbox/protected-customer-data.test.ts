import { sandboxWebhookDeliveries } from '@popstage/shopify-sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontOrders } from '../db/schema';
import { ensureShop } from '../features/shop';
import { call, createTestApp, SHOP_A, type TestApp } from '../test/app';
import { productForSale, sandboxCheckout } from '../test/checkout';

/**
 * Protected customer data (issue 13 point 7): until Shopify approves the app's access, the local
 * Shopify refuses Order objects and sends no orders/create, as Shopify does; the app keeps working
 * and tells the merchant why Insights shows no sales.
 */

let t: TestApp;
let shopId: string;
let variantGid: string;

beforeAll(async () => {
  t = await createTestApp();
  shopId = (await ensureShop(t.deps, SHOP_A)).id;
  variantGid = (await productForSale(t, SHOP_A)).variant.id;
});
afterAll(() => t.close());

const setAccess = (granted: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/api/shops/${SHOP_A}/protected-customer-data`,
    payload: { granted },
  });
const access = async () =>
  (await call(t, SHOP_A, 'GET', '/api/analytics/attribution-access')).json();
const checkout = () => sandboxCheckout(t, SHOP_A, 'visitor-pcd', variantGid);
const recordedOrders = () =>
  t.deps.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.shopId, shopId));
const orderWebhooks = () =>
  t.deps.database.db
    .select()
    .from(sandboxWebhookDeliveries)
    .where(
      and(
        eq(sandboxWebhookDeliveries.shopDomain, SHOP_A),
        eq(sandboxWebhookDeliveries.topic, 'orders/create'),
      ),
    );

describe('protected customer data access', () => {
  it('is approved on the local Shopify by default: orders are readable and sent', async () => {
    expect(await access()).toEqual({ ordersAccess: true });
    await checkout();
    expect(await orderWebhooks()).toHaveLength(1);
    expect(await recordedOrders()).toHaveLength(1);
  });

  it('without approval: Order objects refused, no orders/create, the app says attribution is off', async () => {
    const withdrawn = await setAccess(false);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().shop.protectedCustomerData).toBe(false);
    expect(await access()).toEqual({ ordersAccess: false });
    await checkout();
    expect(await orderWebhooks()).toHaveLength(1);
    expect(await recordedOrders()).toHaveLength(1);
    // The rest of the app is unaffected: the feed and the dashboard answer.
    expect((await t.app.inject({ url: `/storefront/v1/shops/${SHOP_A}/feed` })).statusCode).toBe(
      200,
    );
    const summary = await call(t, SHOP_A, 'GET', `/dashboard/popclips-summary?shop_id=${SHOP_A}`);
    expect(summary.statusCode, summary.body).toBe(200);

    expect((await setAccess(true)).json().shop.protectedCustomerData).toBe(true);
    expect(await access()).toEqual({ ordersAccess: true });
  });

  it('refuses a malformed switch with 400 and changes nothing', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/protected-customer-data`,
      payload: { granted: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
    expect(await access()).toEqual({ ordersAccess: true });
  });
});

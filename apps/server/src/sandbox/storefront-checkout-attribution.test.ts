import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { parseGid, sandboxOrders, shopperOf } from '@popstage/shopify-sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAttribution } from '../features/analytics';
import { ensureShop } from '../features/shop';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';
import { productForSale } from '../test/checkout';
import { insertProcessedClip } from '../test/popclips';

/**
 * The whole app: the sandbox checkout's orders/create delivery goes through the real webhook
 * route (signature, payload schema, dedupe) and attribution; the merchant's order page shows the
 * credit, the shopper's confirmation page never does.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sandbox checkout with the app installed', () => {
  it('is recorded by the app and credits the line added from a clip as direct', async () => {
    const shop = await ensureShop(t.deps, SHOP_A);
    await insertProcessedClip(t.deps.database.db, {
      shopId: shop.id,
      id: 'clip-direct',
      title: 'Garden look',
      at: t.clock.now(),
    });
    const { product, variant } = await productForSale(t, SHOP_A);

    const shopper = shopperOf(t.app, SHOP_A);
    await shopper.request('POST', '/cart/update.js', {
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-e2e' },
    });
    const added = await shopper.request('POST', '/cart/add.js', {
      items: [
        {
          id: parseGid('ProductVariant', variant.id),
          quantity: 1,
          properties: { [CLIP_LINE_PROPERTY]: 'clip-direct' },
        },
      ],
    });
    expect(added.statusCode).toBe(200);
    const checkout = await shopper.request('POST', '/checkout');
    expect(checkout.statusCode).toBe(303);

    const [order] = await t.deps.database.db.select().from(sandboxOrders);
    if (!order) throw new Error('no order');
    const recorded = await orderAttribution(t.deps.database.db, shop.id, String(order.id));
    expect(recorded?.order).toMatchObject({
      source: 'sandbox',
      name: '#1001',
      visitorId: 'visitor-e2e',
      totalCents: Math.round(Number(variant.price) * 100),
    });
    expect(recorded?.attributions).toEqual([
      expect.objectContaining({
        lineItemId: String(order.id * 1000 + 1),
        productId: product.id,
        clipId: 'clip-direct',
        kind: 'direct',
      }),
    ]);

    const confirmation = await shopper.request('GET', `/orders/${order.id}`);
    expect(confirmation.body).toContain('Thank you for your order');
    expect(confirmation.body).not.toContain('Popstage attribution');
    expect(confirmation.body).not.toContain('clip-direct');

    const merchant = await t.app.inject({
      method: 'GET',
      url: `/sandbox/store/${SHOP_A}/admin/orders/${order.id}`,
    });
    expect(merchant.statusCode).toBe(200);
    expect(merchant.body).toContain('Popstage attribution');
    expect(merchant.body).toContain('data-kind="direct">Direct</span>');
    expect(merchant.body).toContain('Garden look<br><code>clip-direct</code>');
    const orders = await t.app.inject({
      method: 'GET',
      url: `/sandbox/store/${SHOP_A}/admin/orders`,
    });
    expect(orders.body).toContain(`<a href="orders/${order.id}">#1001</a>`);
  });
});

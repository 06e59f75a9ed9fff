import { DEMO_SHOP } from '@popstage/shopify-sandbox';
import { fillCart, shopperOf } from '@popstage/shopify-sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAttributions, storefrontOrders } from '../db/schema';
import { ensureShop } from '../features/shop';
import { type SandboxTestApp, startSandboxApp } from '../test/sandbox-app';

let t: SandboxTestApp;

beforeAll(async () => {
  t = await startSandboxApp();
});
afterAll(() => t.close());

describe("the store admin's order page", () => {
  it('shows the merchant the attribution the app recorded for the order, line by line', async () => {
    const shop = await ensureShop(t.deps, DEMO_SHOP);
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const [a] = await fillCart(t.sandbox, shopper);
    await shopper.request('POST', '/checkout');
    const [order] = await t.sandbox.carts.latestOrders(DEMO_SHOP, 1);
    if (!order) throw new Error('no order');
    const orderId = String(order.id);
    // The store admin's order page (the shopper's confirmation never shows it).
    const page = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/sandbox/store/${DEMO_SHOP}/admin/orders/${orderId}`,
        })
      ).body;
    expect(await page()).toContain('Popstage has not recorded this order');

    // What the attribution module writes when it processes the webhook.
    const now = new Date();
    await t.database.db.insert(storefrontOrders).values({
      shopId: shop.id,
      orderId,
      source: 'sandbox',
      name: order.name,
      visitorId: 'visitor-9',
      currency: 'USD',
      totalCents: Math.round(Number(order.totalPrice) * 100),
      attributedCents: 1234,
      orderedAt: now,
      receivedAt: now,
    });
    expect(await page()).toContain('no line is credited to a Popclip');
    await t.database.db.insert(orderAttributions).values({
      shopId: shop.id,
      orderId,
      lineItemId: String(order.id * 1000 + 2),
      productId: `gid://shopify/Product/${a.productId}`,
      clipId: 'clip-a',
      kind: 'direct',
      quantity: 2,
      revenueCents: 1234,
      currency: 'USD',
      orderedAt: now,
    });
    const body = await page();
    expect(body).toContain('data-kind="direct">Direct</span>');
    // No such clip in the shop (deleted since, say): the id is still shown.
    expect(body).toContain('Deleted clip</span><br><code>clip-a</code>');
    expect(body).toContain('$12.34');
    const confirmation = (await shopper.request('GET', `/orders/${orderId}`)).body;
    expect(confirmation).not.toContain('clip-a');
    expect(confirmation).not.toContain('Popstage');
    expect(body).toContain(order.lines[1]?.title.replace('&', '&amp;'));
  });
});

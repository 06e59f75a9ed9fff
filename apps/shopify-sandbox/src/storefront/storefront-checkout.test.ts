import { createHmac } from 'node:crypto';
import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readAppConfig } from '../app-config';
import {
  sandboxCarts,
  sandboxOrders,
  sandboxProducts,
  sandboxWebhookDeliveries,
} from '../store/schema';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import { startLocalShopify, TEST_APP, useLocalShopify } from '../testing/local-shopify-app';
import { fillCart, shopperOf, twoVariants } from '../testing/store-shopper';
import { productBlockTag, widgetScript } from '../testing/storefront-page';

const t = useLocalShopify({ webhookStatus: 200, resetEach: true });

const ordersOf = (shop: string) =>
  t.db.select().from(sandboxOrders).where(eq(sandboxOrders.shopDomain, shop));

describe('checkout', () => {
  it('turns the cart into order #1001, empties it, starts a new cart and shows the order', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const [a, b] = await fillCart(t.store, shopper);
    const token = (await shopper.request('GET', '/cart.js')).json().token;

    const checkout = await shopper.request('POST', '/checkout');
    expect(checkout.statusCode).toBe(303);
    const [order] = await ordersOf(DEMO_SHOP);
    expect(checkout.headers.location).toBe(`/sandbox/store/${DEMO_SHOP}/orders/${order?.id}`);
    expect(order).toMatchObject({
      name: '#1001',
      currency: 'USD',
      cartToken: token,
      attributes: { [VISITOR_CART_ATTRIBUTE]: 'visitor-9' },
      totalPrice: (
        (2 * Math.round(Number(a.variant.price) * 100) +
          Math.round(Number(b.variant.price) * 100)) /
        100
      ).toFixed(2),
    });
    expect(order?.id).toBeGreaterThanOrEqual(5500001);
    expect(order?.lines.map((l) => [l.variantId, l.quantity, l.properties])).toEqual([
      [b.id, 1, {}],
      [a.id, 2, { [CLIP_LINE_PROPERTY]: 'clip-a' }],
    ]);
    expect(await t.db.select().from(sandboxCarts)).toEqual([]);

    const fresh = (await shopper.request('GET', '/cart.js')).json();
    expect(fresh).toMatchObject({ item_count: 0, attributes: {} });
    expect(fresh.token).not.toBe(token);

    const page = await shopper.request('GET', `/orders/${order?.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Order <strong>#1001</strong> is confirmed');
    // What Popstage credited is the merchant's (the store admin's order page), not the shopper's.
    expect(page.body).not.toContain('Popstage attribution');
    // The thank-you page is checkout, not theme: no app embed there.
    expect(page.body).not.toContain('/storefront/v1/widget.js');
  });

  it('numbers orders per shop: #1001, #1002 here, #1001 in the other store', async () => {
    const demo = shopperOf(t.app, DEMO_SHOP);
    await fillCart(t.store, demo);
    await demo.request('POST', '/checkout');
    await fillCart(t.store, demo);
    await demo.request('POST', '/checkout');
    const other = shopperOf(t.app, OTHER_SHOP);
    await fillCart(t.store, other);
    await other.request('POST', '/checkout');
    expect((await ordersOf(DEMO_SHOP)).map((o) => o.name).sort()).toEqual(['#1001', '#1002']);
    expect((await ordersOf(OTHER_SHOP)).map((o) => o.name)).toEqual(['#1001']);
    // An order is only shown on its own store.
    const [otherOrder] = await ordersOf(OTHER_SHOP);
    expect((await demo.request('GET', `/orders/${otherOrder?.id}`)).statusCode).toBe(404);
  });

  it('numbers concurrent checkouts apart and places a double-submitted cart once', async () => {
    const first = shopperOf(t.app, DEMO_SHOP);
    const second = shopperOf(t.app, DEMO_SHOP);
    await fillCart(t.store, first);
    await fillCart(t.store, second);
    const answers = await Promise.all([
      first.request('POST', '/checkout'),
      second.request('POST', '/checkout'),
      second.request('POST', '/checkout'),
    ]);
    expect(answers.map((a) => a.statusCode).filter((status) => status === 303)).toHaveLength(2);
    // The late submit finds the cart gone (empty) or changed under it.
    expect([409, 422]).toContain(answers.find((a) => a.statusCode !== 303)?.statusCode);
    expect((await ordersOf(DEMO_SHOP)).map((o) => o.name).sort()).toEqual(['#1001', '#1002']);
  });

  it('dates an order at a past processed_at, as an imported order, and refuses a future one', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    await fillCart(t.store, shopper);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const refused = await shopper.request('POST', '/checkout', `processed_at=${future}`, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('processed_at must be a date within the last 90 days.');
    expect(await ordersOf(DEMO_SHOP)).toEqual([]);
    const past = new Date(t.clock.now().getTime() - 12 * 86_400_000);
    const placed = await shopper.request(
      'POST',
      '/checkout',
      `processed_at=${encodeURIComponent(past.toISOString())}`,
      true,
    );
    expect(placed.statusCode).toBe(303);
    const [order] = await ordersOf(DEMO_SHOP);
    expect(order?.createdAt).toEqual(past);
    const delivered = JSON.parse(t.received.at(-1)?.rawBody.toString() ?? '{}');
    expect(delivered).toMatchObject({
      created_at: past.toISOString(),
      processed_at: past.toISOString(),
    });
  });

  it('refuses an empty cart and a line no longer for sale, leaving everything as it was', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const empty = await shopper.request('POST', '/checkout');
    expect(empty.statusCode).toBe(422);
    expect(empty.headers['content-type']).toContain('text/html');
    expect(empty.body).toContain('Your cart is empty.');

    const [a] = await fillCart(t.store, shopper);
    const { db } = t;
    await db
      .update(sandboxProducts)
      .set({ status: 'DRAFT' })
      .where(eq(sandboxProducts.id, a.productId));
    const gone = await shopper.request('POST', '/checkout');
    expect(gone.statusCode).toBe(422);
    expect(gone.body).toContain('Cannot find variant');
    expect(await ordersOf(DEMO_SHOP)).toEqual([]);
    expect((await shopper.request('GET', '/cart.js')).json().item_count).toBe(3);
    expect(t.received).toEqual([]);
  });

  it('does not place an order from a cart that changed since it was read', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    await fillCart(t.store, shopper);
    const token = shopper.cookie?.replace('cart=', '') ?? '';
    const carts = t.store.carts;
    const cart = await carts.findCart(DEMO_SHOP, token);
    if (!cart) throw new Error('no cart');
    const stale = await carts.placeOrder(
      {
        shop: DEMO_SHOP,
        token,
        seenAt: new Date(cart.updatedAt.getTime() - 1000),
        lines: cart.lines,
        currency: 'USD',
        totalPrice: '1.00',
      },
      new Date(),
    );
    expect(stale).toBeNull();
    expect(await carts.findCart(DEMO_SHOP, token)).not.toBeNull();
  });
});

describe('orders/create delivery', () => {
  it('delivers the order as Shopify would: signed, with its headers and REST Order shape', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    shopper.cookie = null;
    const [a, b] = await fillCart(t.store, shopper);
    await shopper.request('POST', '/cart/update.js', { note: 'Gift' });
    const token = (await shopper.request('GET', '/cart.js')).json().token;
    await shopper.request('POST', '/checkout');
    const [order] = await ordersOf(DEMO_SHOP);
    if (!order) throw new Error('no order');

    expect(t.received).toHaveLength(1);
    const [delivery] = t.received;
    if (!delivery) throw new Error('no delivery');
    const { headers, rawBody } = delivery;
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': DEMO_SHOP,
      // The webhooks' api_version in shopify.app.toml.
      'x-shopify-api-version': readAppConfig().webhooks.apiVersion,
    });
    expect(headers['x-shopify-webhook-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const hmac = String(headers['x-shopify-hmac-sha256']);
    // Shopify's signature: the base64 HMAC-SHA256 of the raw body with the app's secret.
    expect(hmac).toBe(createHmac('sha256', TEST_APP.apiSecret).update(rawBody).digest('base64'));

    const payload = JSON.parse(rawBody.toString('utf8'));
    expect(payload).toMatchObject({
      id: order.id,
      admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
      name: '#1001',
      order_number: 1001,
      created_at: order.createdAt.toISOString(),
      currency: 'USD',
      total_price: order.totalPrice,
      subtotal_price: order.totalPrice,
      total_discounts: '0.00',
      note: 'Gift',
      note_attributes: [{ name: VISITOR_CART_ATTRIBUTE, value: 'visitor-9' }],
      test: false,
      cart_token: token,
    });
    expect(payload.line_items).toEqual([
      expect.objectContaining({
        id: order.id * 1000 + 1,
        product_id: b.productId,
        variant_id: b.id,
        title: b.title,
        quantity: 1,
        price: b.variant.price,
        total_discount: '0.00',
        properties: [],
      }),
      expect.objectContaining({
        id: order.id * 1000 + 2,
        product_id: a.productId,
        variant_id: a.id,
        title: a.title,
        quantity: 2,
        price: a.variant.price,
        total_discount: '0.00',
        properties: [{ name: CLIP_LINE_PROPERTY, value: 'clip-a' }],
      }),
    ]);
  });

  it('keeps the order when the app refuses, and retries with the same webhook id until accepted', async () => {
    const harness = await startLocalShopify({ webhookStatus: 500 });
    try {
      const shopper = shopperOf(harness.app, DEMO_SHOP);
      const [a] = await twoVariants(harness.store, DEMO_SHOP);
      await shopper.request('POST', '/cart/add.js', { id: a.id });
      const checkout = await shopper.request('POST', '/checkout');
      expect(checkout.statusCode).toBe(303);
      const orders = await harness.db.select().from(sandboxOrders);
      expect(orders.map((o) => o.name)).toEqual(['#1001']);
      expect(harness.received).toHaveLength(1);
      const [logged] = await harness.db.select().from(sandboxWebhookDeliveries);
      expect(logged).toMatchObject({ topic: 'orders/create', attempts: 1, lastStatus: 500 });
      // Shopify's backoff: the first retry a minute after the failure, nothing before.
      expect(logged?.nextAttemptAt?.getTime()).toBe(harness.clock.now().getTime() + 60_000);
      const retry = harness.retryWebhooks;
      expect(await retry()).toBe(0);

      harness.answerWebhooksWith(200);
      harness.clock.advance(60_000);
      expect(await retry()).toBe(1);
      expect(harness.received).toHaveLength(2);
      const ids = harness.received.map((r) => r.headers['x-shopify-webhook-id']);
      expect(ids[1]).toBe(ids[0]);
      expect(harness.received[1]?.rawBody.equals(harness.received[0]?.rawBody as Buffer)).toBe(
        true,
      );
      const [delivered] = await harness.db.select().from(sandboxWebhookDeliveries);
      expect(delivered).toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null });
      expect(await retry()).toBe(0);
    } finally {
      await harness.close();
    }
  });

  it('gives up after 8 retries over about 4 hours', async () => {
    const harness = await startLocalShopify({ webhookStatus: 503 });
    try {
      const shopper = shopperOf(harness.app, DEMO_SHOP);
      const [a] = await twoVariants(harness.store, DEMO_SHOP);
      await shopper.request('POST', '/cart/add.js', { id: a.id });
      await shopper.request('POST', '/checkout');
      const retry = harness.retryWebhooks;
      let waited = 0;
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        const [entry] = await harness.db.select().from(sandboxWebhookDeliveries);
        const due = (entry?.nextAttemptAt?.getTime() ?? 0) - harness.clock.now().getTime();
        waited += due;
        harness.clock.advance(due);
        expect(await retry()).toBe(1);
      }
      const [last] = await harness.db.select().from(sandboxWebhookDeliveries);
      expect(last).toMatchObject({
        attempts: 9,
        lastStatus: 503,
        nextAttemptAt: null,
        deliveredAt: null,
      });
      expect(harness.received).toHaveLength(9);
      expect(waited / 3_600_000).toBeCloseTo(4, 0);
    } finally {
      await harness.close();
    }
  });
});

describe('store pages', () => {
  it('frames every page with window.Shopify, the cart link and count, and the embed when on', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const root = `/sandbox/store/${DEMO_SHOP}`;
    await fillCart(t.store, shopper);
    await t.store.setAppEmbed(DEMO_SHOP, true);
    // What the app writes on install: where the embed loads the widget from.
    await t.store.setAppUrlMetafield(DEMO_SHOP, 'http://localhost:3000');
    const [product] = (await t.store.listProducts(DEMO_SHOP, { first: 1, status: 'ACTIVE' })).nodes;
    for (const path of [
      '',
      '/collections/all',
      `/products/${product?.handle}`,
      '/pages/faq',
      '/cart',
    ]) {
      const page = await shopper.request('GET', path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body).toContain(
        `window.Shopify = {"shop":"${DEMO_SHOP}","routes":{"root":"${root}/"}}`,
      );
      expect(page.body).toContain(`>Cart (<span id="cart-count">3</span>)</a>`);
      // window.Shopify comes first, then the widget the app embed loads, as in a Shopify theme.
      const widget = widgetScript(page.body);
      expect(widget, path).toMatchObject({ shop: DEMO_SHOP });
      expect(page.body.indexOf('window.Shopify')).toBeLessThan(widget?.at ?? -1);
    }
  });

  it('renders the product form and the Popstage product block as the theme extension does', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const [product] = (await t.store.listProducts(DEMO_SHOP, { first: 1, status: 'ACTIVE' })).nodes;
    if (!product) throw new Error('no product');
    const off = (await shopper.request('GET', `/products/${product.handle}`)).body;
    expect(off).toContain(`action="http://localhost:3000/sandbox/store/${DEMO_SHOP}/cart/add"`);
    // The block is placed in the product template; without the embed nothing fills it.
    expect(productBlockTag(off)).toContain(`data-popstage-product="${product.id}"`);
    expect(widgetScript(off)).toBeNull();
    await t.store.setAppEmbed(DEMO_SHOP, true);
    await t.store.setAppUrlMetafield(DEMO_SHOP, 'http://localhost:3000');
    const on = (await shopper.request('GET', `/products/${product.handle}`)).body;
    expect(productBlockTag(on)).toBe(
      `<div class="popstage-product" data-popstage-product="${product.id}" data-popstage-label="Videos of this product" >`,
    );
    expect(widgetScript(on)).toMatchObject({ shop: DEMO_SHOP });
  });

  it('adds, updates and removes through the theme forms, with the cart page showing the lines', async () => {
    const shopper = shopperOf(t.app, DEMO_SHOP);
    const [a] = await twoVariants(t.store, DEMO_SHOP);
    const added = await shopper.request('POST', '/cart/add', `id=${a.id}&quantity=2`, true);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/sandbox/store/${DEMO_SHOP}/cart`);
    const cart = (await shopper.request('GET', '/cart.js')).json();
    const key = cart.items[0].key;

    const page = (await shopper.request('GET', '/cart')).body;
    expect(page).toContain(a.title.replace('&', '&amp;'));
    expect(page).toContain(`name="id" value="${key}"`);
    expect(page).toContain('>Check out</button>');
    expect(page).toContain(
      `data-testid="subtotal">$${((cart.total_price as number) / 100).toFixed(2)}`,
    );

    const updated = await shopper.request('POST', '/cart/change', `id=${key}&quantity=3`, true);
    expect(updated.statusCode).toBe(303);
    expect((await shopper.request('GET', '/cart.js')).json().item_count).toBe(3);
    const tooMany = await shopper.request('POST', '/cart/change', `id=${key}&quantity=9999`, true);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.body).toContain('You can only add');
    await shopper.request('POST', '/cart/change', `id=${key}&quantity=0`, true);
    expect((await shopper.request('GET', '/cart')).body).toContain('Your cart is empty.');
  });
});

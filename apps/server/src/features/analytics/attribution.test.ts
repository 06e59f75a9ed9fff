import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { signShopifyWebhook } from '../../platform/shopify';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop, updateShop } from '../shop';
import { orderAttribution } from './orders';
import { salesSummary } from './sales-summary';

const HOUR = 3_600_000;
let t: TestApp;
let shopA: ShopRow;
let shopB: ShopRow;
/** Product GIDs of the sandbox store. */
let productA: string;
let productB: string;
/** The moment every order below is placed; interactions are set before it. */
let orderTime: Date;
let nextOrderId = 7_000_001;
let nextWebhookId = 1;

async function clip(shop: ShopRow, id: string) {
  await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id, at: t.clock.now() });
}

/** Storefront events through the public ingest, as the widget sends them `hoursBefore` the order. */
async function interact(
  shop: string,
  visitorId: string,
  hoursBefore: number,
  events: { type: string; clipId: string; productId?: string }[],
) {
  t.clock.set(new Date(orderTime.getTime() - hoursBefore * HOUR));
  const res = await t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${shop}/events`,
    payload: { visitorId: signedVisitor(shop, visitorId), events },
  });
  t.clock.set(orderTime);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().rejected).toBe(0);
}

const numericId = (gid: string) => Number(gid.split('/').pop());

interface LineSpec {
  product: string | null;
  quantity?: number;
  price?: string;
  clip?: string;
  discounts?: string[];
}

/** A Shopify-shaped orders/create payload, with a few fields attribution does not read. */
function shopifyOrder(spec: {
  visitorId?: string;
  lines: LineSpec[];
  id?: number;
  currency?: string;
  totalPrice?: string;
  test?: boolean;
}) {
  const id = spec.id ?? nextOrderId++;
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id - 7_000_000 + 1000}`,
    email: 'shopper@example.com',
    created_at: orderTime.toISOString().replace('Z', '+00:00'),
    currency: spec.currency ?? 'USD',
    presentment_currency: spec.currency ?? 'USD',
    total_price: spec.totalPrice ?? '100.00',
    financial_status: 'paid',
    test: spec.test ?? false,
    cancelled_at: null,
    note_attributes: spec.visitorId
      ? [{ name: VISITOR_CART_ATTRIBUTE, value: spec.visitorId }]
      : [],
    line_items: spec.lines.map((line, index) => ({
      id: id * 10 + index,
      admin_graphql_api_id: `gid://shopify/LineItem/${id * 10 + index}`,
      product_id: line.product === null ? null : numericId(line.product),
      variant_id: null,
      title: `Line ${index}`,
      quantity: line.quantity ?? 1,
      price: line.price ?? '25.00',
      total_discount: '0.00',
      discount_allocations: (line.discounts ?? []).map((amount) => ({
        amount,
        discount_application_index: 0,
      })),
      properties: line.clip ? [{ name: CLIP_LINE_PROPERTY, value: line.clip }] : [],
    })),
  };
}

function deliver(
  body: object | string,
  options: { shop?: string; webhookId?: string; hmac?: string; topic?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/orders/create',
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256':
        options.hmac ?? signShopifyWebhook(Buffer.from(raw), t.deps.config.SHOPIFY_API_SECRET),
      'x-shopify-shop-domain': options.shop ?? SHOP_A,
      'x-shopify-webhook-id': options.webhookId ?? `webhook-${nextWebhookId++}`,
      'x-shopify-topic': options.topic ?? 'orders/create',
      'x-shopify-api-version': '2025-04',
      'x-shopify-triggered-at': t.clock.now().toISOString(),
    },
    payload: raw,
  });
}

const stored = (shop: ShopRow, orderId: number) =>
  orderAttribution(t.deps.database.db, shop.id, String(orderId));

async function counts() {
  const [row] = await queryRows<{ orders: number; lines: number; deliveries: number }>(
    t.deps.database.db,
    sql`select (select count(*)::int from storefront_orders) as orders,
               (select count(*)::int from order_attributions) as lines,
               (select count(*)::int from webhook_deliveries where topic = 'orders/create') as deliveries`,
  );
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '1000' });
  shopA = await ensureShop(t.deps, SHOP_A);
  shopB = await ensureShop(t.deps, SHOP_B);
  const products = (await t.deps.platform.listProducts(SHOP_A, { first: 2 })).nodes;
  if (products.length < 2 || !products[0] || !products[1]) throw new Error('too few products');
  productA = products[0].id;
  productB = products[1].id;
  for (const id of ['clip-x', 'clip-y', 'clip-z']) await clip(shopA, id);
  await clip(shopB, 'clip-b');
  orderTime = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000);
  t.clock.set(orderTime);
});
afterAll(() => t.close());

describe('orders/create webhook: attribution', () => {
  it('credits the clicked product directly and another product indirectly', async () => {
    await interact(SHOP_A, 'visitor-direct', 3, [
      { type: 'click', clipId: 'clip-x', productId: productA },
    ]);
    await interact(SHOP_A, 'visitor-direct', 1, [{ type: 'view', clipId: 'clip-y' }]);
    const order = shopifyOrder({
      visitorId: 'visitor-direct',
      totalPrice: '68.50',
      lines: [
        { product: productA, quantity: 2, price: '20.00', discounts: ['4.00'] },
        { product: productB, price: '12.50' },
        { product: null, price: '5.00' },
      ],
    });
    const res = await deliver(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      duplicate: false,
      outcome: 'recorded',
      attributedLines: 2,
    });

    const saved = await stored(shopA, order.id);
    expect(saved?.order).toMatchObject({
      orderId: String(order.id),
      source: 'sandbox',
      name: order.name,
      visitorId: 'visitor-direct',
      currency: 'USD',
      totalCents: 6850,
      attributedCents: 3600 + 1250,
      orderedAt: orderTime,
    });
    expect(
      saved?.attributions.map(
        ({ lineItemId, productId, clipId, kind, quantity, revenueCents }) => ({
          lineItemId,
          productId,
          clipId,
          kind,
          quantity,
          revenueCents,
        }),
      ),
    ).toEqual([
      {
        lineItemId: `${order.id * 10}`,
        productId: productA,
        clipId: 'clip-x',
        kind: 'direct',
        quantity: 2,
        revenueCents: 3600,
      },
      {
        lineItemId: `${order.id * 10 + 1}`,
        productId: productB,
        clipId: 'clip-x',
        kind: 'indirect',
        quantity: 1,
        revenueCents: 1250,
      },
    ]);
  });

  it('credits a visitor who only watched as influenced', async () => {
    await interact(SHOP_A, 'visitor-watcher', 20, [{ type: 'view', clipId: 'clip-z' }]);
    const order = shopifyOrder({ visitorId: 'visitor-watcher', lines: [{ product: productB }] });
    expect((await deliver(order)).json()).toMatchObject({
      outcome: 'recorded',
      attributedLines: 1,
    });
    expect((await stored(shopA, order.id))?.attributions).toMatchObject([
      { productId: productB, clipId: 'clip-z', kind: 'influenced', revenueCents: 2500 },
    ]);
  });

  it('stores the order but credits nothing outside the windows', async () => {
    await interact(SHOP_A, 'visitor-late', 8 * 24, [
      { type: 'add_to_cart', clipId: 'clip-x', productId: productA },
    ]);
    await interact(SHOP_A, 'visitor-late', 25, [{ type: 'view', clipId: 'clip-y' }]);
    const order = shopifyOrder({ visitorId: 'visitor-late', lines: [{ product: productA }] });
    expect((await deliver(order)).json()).toMatchObject({
      outcome: 'recorded',
      attributedLines: 0,
    });
    const saved = await stored(shopA, order.id);
    expect(saved?.order.attributedCents).toBe(0);
    expect(saved?.attributions).toEqual([]);
  });

  it('credits the clip a line was added from, with no visitor at all', async () => {
    const order = shopifyOrder({
      lines: [{ product: productA, clip: 'clip-y' }, { product: productB }],
    });
    expect((await deliver(order)).json()).toMatchObject({ attributedLines: 1 });
    expect((await stored(shopA, order.id))?.attributions).toMatchObject([
      { productId: productA, clipId: 'clip-y', kind: 'direct' },
    ]);
  });

  it('never credits another shop’s clips or events, even for the same visitor id', async () => {
    // The same visitor id clicked product A in shop B's clip, and only viewed a clip in shop A.
    await interact(SHOP_B, 'visitor-shared', 1, [
      { type: 'click', clipId: 'clip-b', productId: productA },
    ]);
    await interact(SHOP_A, 'visitor-shared', 2, [{ type: 'view', clipId: 'clip-y' }]);
    const order = shopifyOrder({
      visitorId: 'visitor-shared',
      lines: [{ product: productA }, { product: productB, clip: 'clip-b' }],
    });
    await deliver(order);
    expect(
      (await stored(shopA, order.id))?.attributions.map((a) => [a.productId, a.clipId, a.kind]),
    ).toEqual([
      [productA, 'clip-y', 'influenced'],
      [productB, 'clip-y', 'influenced'],
    ]);
    // Shop B does not see shop A's order either.
    expect(await stored(shopB, order.id)).toBeUndefined();
  });
});

describe('orders/create webhook: delivery', () => {
  it('counts an order once, whether the same delivery or another one repeats it', async () => {
    await interact(SHOP_A, 'visitor-twice', 1, [
      { type: 'click', clipId: 'clip-x', productId: productA },
    ]);
    const order = shopifyOrder({ visitorId: 'visitor-twice', lines: [{ product: productA }] });
    const first = await deliver(order, { webhookId: 'same-delivery' });
    expect(first.json()).toMatchObject({ duplicate: false, outcome: 'recorded' });
    const after = await counts();

    const replay = await deliver(order, { webhookId: 'same-delivery' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    // Shopify may send the same order under a new webhook id; it still counts once.
    const again = await deliver(order, { webhookId: 'another-delivery' });
    expect(again.json()).toEqual({
      ok: true,
      duplicate: false,
      outcome: 'duplicate',
      attributedLines: 1,
    });
    expect(await counts()).toEqual({ ...after, deliveries: (after?.deliveries ?? 0) + 1 });
    expect((await stored(shopA, order.id))?.attributions).toHaveLength(1);
  });

  it('stores an order delivered twice at the same moment once', async () => {
    const order = shopifyOrder({ lines: [{ product: productA, clip: 'clip-z' }] });
    const answers = await Promise.all([deliver(order), deliver(order)]);
    expect(answers.map((res) => res.json().outcome).sort()).toEqual(['duplicate', 'recorded']);
    expect((await stored(shopA, order.id))?.attributions).toHaveLength(1);
  });

  it('refuses a wrong signature with 401 and stores nothing', async () => {
    const before = await counts();
    const order = shopifyOrder({ lines: [{ product: productA, clip: 'clip-x' }] });
    const res = await deliver(order, {
      hmac: signShopifyWebhook('{}', t.deps.config.SHOPIFY_API_SECRET),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Invalid webhook signature' });
    expect((await deliver(order, { hmac: '' })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it.each<[string, () => object | string, unknown]>([
    ['malformed JSON', () => '{"id": 1,', 'Malformed JSON body'],
    ['a body that is not an order', () => ({ hello: 'world' }), expect.any(String)],
    [
      'a line without a price',
      () => ({
        ...shopifyOrder({ lines: [] }),
        line_items: [{ id: 1, product_id: 2, quantity: 1 }],
      }),
      expect.any(String),
    ],
  ])('answers 400 to %s and stores nothing', async (_label, body, message) => {
    const before = await counts();
    const res = await deliver(body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', message });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 without the shop or webhook id headers, or for another topic', async () => {
    const before = await counts();
    const order = shopifyOrder({ lines: [{ product: productA, clip: 'clip-x' }] });
    expect((await deliver(order, { shop: 'not a shop' })).statusCode).toBe(400);
    expect((await deliver(order, { webhookId: ' ' })).statusCode).toBe(400);
    const wrongTopic = await deliver(order, { topic: 'orders/updated' });
    expect(wrongTopic.statusCode).toBe(400);
    expect(wrongTopic.json().message).toBe(
      'Topic orders/updated is not served at /webhooks/orders/create',
    );
    expect(await counts()).toEqual(before);
  });

  it('acknowledges unknown and deactivated shops and test orders, storing no order', async () => {
    const before = await counts();
    const order = shopifyOrder({ lines: [{ product: productA, clip: 'clip-b' }] });
    const unknown = await deliver(order, { shop: 'nobody-here.myshopify.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ outcome: 'skipped', reason: 'unknown_shop' });

    await updateShop(t.deps.database.db, SHOP_B, { featureFlags: { deactivate_shop: true } });
    try {
      const deactivated = await deliver(order, { shop: SHOP_B });
      expect(deactivated.json()).toMatchObject({ outcome: 'skipped', reason: 'unknown_shop' });
    } finally {
      await updateShop(t.deps.database.db, SHOP_B, { featureFlags: {} });
    }

    const test = await deliver(shopifyOrder({ test: true, lines: [{ product: productA }] }));
    expect(test.json()).toMatchObject({ outcome: 'skipped', reason: 'test_order' });
    const after = await counts();
    expect(after).toMatchObject({ orders: before?.orders, lines: before?.lines });
  });
});

describe('sales summary', () => {
  it('sums orders and credited sales per currency and kind for a period', async () => {
    // A yen order in shop B: its own currency, and no decimals.
    await interact(SHOP_B, 'visitor-yen', 1, [{ type: 'like', clipId: 'clip-b' }]);
    const yen = shopifyOrder({
      visitorId: 'visitor-yen',
      currency: 'JPY',
      totalPrice: '3300',
      lines: [{ product: productA, price: '1500', quantity: 2 }],
    });
    await deliver(yen, { shop: SHOP_B });

    const from = new Date(orderTime.getTime() - HOUR);
    const to = new Date(orderTime.getTime() + HOUR);
    const db = t.deps.database.db;
    expect(await salesSummary(db, shopB.id, from, to)).toEqual([
      {
        currency: 'JPY',
        orders: 1,
        salesCents: 3300,
        attributedOrders: 1,
        attributedCents: 3000,
        directCents: 0,
        indirectCents: 3000,
        influencedCents: 0,
      },
    ]);
    // Shop A: seven orders of 100.00 save the first (68.50); credited as the tests above say.
    expect(await salesSummary(db, shopA.id, from, to)).toEqual([
      {
        currency: 'USD',
        orders: 7,
        salesCents: 6850 + 6 * 10000,
        attributedOrders: 6,
        attributedCents: 3600 + 1250 + 2500 + 2500 + 2 * 2500 + 2500 + 2500,
        directCents: 3600 + 2500 + 2500 + 2500,
        indirectCents: 1250,
        influencedCents: 2500 + 2 * 2500,
      },
    ]);
    expect(await salesSummary(db, shopA.id, to, new Date(to.getTime() + HOUR))).toEqual([]);
  });
});

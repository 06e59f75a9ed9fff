import { readFileSync } from 'node:fs';
import { buildSellerPayload } from '@popstage/core/account';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  customerDataRequests,
  type ShopRow,
  sellerAccounts,
  shopifySessions,
  shops,
  storefrontOrders,
  webhookDeliveries,
} from '../../db/schema';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { clipWithMedia, placeOrder, rowCounts, storefrontEvents } from '../../test/compliance';
import { signedVisitor } from '../../test/visitor';
import { postWebhook } from '../../test/webhooks';
import { clipFolder } from '../popclips';
import { ensureShop, findShop } from '../shop';
import { PRUNE_DATA_REQUESTS_JOB } from './data-requests';

let t: TestApp;
let shopA: ShopRow;
let shopB: ShopRow;
let productA: number;
const customer = { id: 191167, email: 'john@example.com', phone: '555-625-1199' };

const ordersOf = (shop: ShopRow) =>
  t.deps.database.db
    .select({ orderId: storefrontOrders.orderId, visitorId: storefrontOrders.visitorId })
    .from(storefrontOrders)
    .where(eq(storefrontOrders.shopId, shop.id))
    .orderBy(storefrontOrders.orderId);
const likesOf = async (shop: string, visitorId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/storefront/v1/shops/${shop}/likes?visitorId=${signedVisitor(shop, visitorId)}`,
    })
  ).json().likedClipIds;
const firstProduct = async (shop: string) => {
  const [product] = (await t.deps.platform.listProducts(shop, { first: 1 })).nodes;
  return Number(product?.id.split('/').pop());
};

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '1000' });
  shopA = await ensureShop(t.deps, SHOP_A);
  shopB = await ensureShop(t.deps, SHOP_B);
  productA = await firstProduct(SHOP_A);
  await clipWithMedia(t, shopA, 'clip-a');
  await clipWithMedia(t, shopB, 'clip-b');
  // The customer's two orders in shop A, another shopper's there, and shop B's order 9001.
  for (const [visitor, clip] of [
    ['visitor-john', 'clip-a'],
    ['visitor-ann', 'clip-a'],
  ] as const) {
    await storefrontEvents(t, SHOP_A, visitor, [
      { type: 'view', clipId: clip },
      { type: 'like', clipId: clip },
    ]);
  }
  await storefrontEvents(t, SHOP_B, 'visitor-john', [
    { type: 'view', clipId: 'clip-b' },
    { type: 'like', clipId: 'clip-b' },
  ]);
  const order = (id: number, visitorId: string) => ({ id, visitorId, clipId: 'clip-a' });
  await placeOrder(t, SHOP_A, { ...order(9001, 'visitor-john'), productId: productA });
  await placeOrder(t, SHOP_A, { ...order(9002, 'visitor-john'), productId: productA });
  await placeOrder(t, SHOP_A, { ...order(9003, 'visitor-ann'), productId: productA });
  // Written directly: Shopify's order ids are unique across shops (a delivery of 9001 for shop B
  // would be refused as a replay), but the redaction must be scoped by shop all the same.
  await t.deps.database.db.insert(storefrontOrders).values({
    shopId: shopB.id,
    orderId: '9001',
    source: 'shopify',
    name: '#1001',
    visitorId: 'visitor-john',
    currency: 'USD',
    totalCents: 2500,
    orderedAt: t.clock.now(),
    receivedAt: t.clock.now(),
  });
  // Jobs the ingest queued (view limits) run now, so each test counts only its own.
  await t.runJobs();
});
afterAll(() => t.close());

describe('app configuration', () => {
  it('subscribes every webhook route in shopify.app.toml, the privacy topics as compliance topics', () => {
    const toml = readFileSync(new URL('../../../../../shopify.app.toml', import.meta.url), 'utf8');
    const subscriptions = toml
      .split('[[webhooks.subscriptions]]')
      .slice(1)
      .map((block) => ({
        uri: /^\s*uri = "([^"]+)"/m.exec(block)?.[1],
        kind: /^\s*(topics|compliance_topics) = \["([^"]+)"\]/m.exec(block)?.slice(1),
      }));
    for (const { uri, kind } of subscriptions) expect(uri).toBe(`/webhooks/${kind?.[1]}`);
    expect(
      subscriptions.filter((s) => s.kind?.[0] === 'compliance_topics').map((s) => s.uri),
    ).toEqual([
      '/webhooks/customers/data_request',
      '/webhooks/customers/redact',
      '/webhooks/shop/redact',
    ]);
    const routes = t.app.routeList
      .filter((route) => route.method === 'POST' && route.url.startsWith('/webhooks/'))
      .map((route) => route.url);
    expect(subscriptions.map((s) => s.uri).sort()).toEqual(routes.sort());
  });
});

describe('customers/data_request', () => {
  const request = {
    shop_id: 954889,
    shop_domain: SHOP_A,
    customer,
    orders_requested: [9001, 9002, 424242],
    data_request: { id: 9999 },
  };
  const list = (shop: string) => call(t, shop, 'GET', '/api/compliance/data-requests');

  it("keeps the named orders' data as an export only the shop's merchant can download", async () => {
    const before = await rowCounts(t, shopA.id);
    const response = await postWebhook(t, 'customers/data_request', request, {
      shop: SHOP_A,
      webhookId: 'data-request-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, duplicate: false, orders: 2, events: 2, likes: 1 });
    // The customer's own data is untouched.
    expect(await rowCounts(t, shopA.id)).toEqual(before);

    const listed = await list(SHOP_A);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().requests).toEqual([
      {
        id: expect.any(String),
        dataRequestId: '9999',
        customerId: '191167',
        receivedAt: t.clock.now().toISOString(),
        expiresAt: new Date(t.clock.now().getTime() + 90 * 86_400_000).toISOString(),
        ordersRequested: 3,
        orders: 2,
        events: 2,
        likes: 1,
      },
    ]);
    const id = listed.json().requests[0].id as string;
    const exported = await call(t, SHOP_A, 'GET', `/api/compliance/data-requests/${id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json();
    expect(data).toMatchObject({
      dataRequestId: '9999',
      customerId: '191167',
      ordersRequested: ['9001', '9002', '424242'],
    });
    expect(data.orders.map((order: { orderId: string }) => order.orderId)).toEqual([
      '9001',
      '9002',
    ]);
    expect(data.orders[0].creditedLines[0]).toMatchObject({
      productId: `gid://shopify/Product/${productA}`,
      clipId: 'clip-a',
    });
    expect(data.storefrontActivity.events.map((e: { type: string }) => e.type).sort()).toEqual([
      'like',
      'view',
    ]);
    expect(data.storefrontActivity.likes).toEqual([
      { clipId: 'clip-a', likedAt: expect.any(String) },
    ]);
    // Nothing of shop B's visitor of the same id, and no e-mail or phone.
    expect(JSON.stringify(data)).not.toContain('clip-b');
    expect(JSON.stringify(data)).not.toContain(customer.email);

    // Another shop sees none of it: not in its list, 404 on the id.
    expect((await list(SHOP_B)).json().requests).toEqual([]);
    const other = await call(t, SHOP_B, 'GET', `/api/compliance/data-requests/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Data request not found');
    expect((await call(t, SHOP_A, 'GET', '/api/compliance/data-requests/nope')).statusCode).toBe(
      400,
    );
  });

  it('keeps one export per delivery and deletes it after 90 days', async () => {
    const again = await postWebhook(t, 'customers/data_request', request, {
      shop: SHOP_A,
      webhookId: 'data-request-1',
    });
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    expect((await list(SHOP_A)).json().requests).toHaveLength(1);

    t.clock.advance(90 * 86_400_000);
    expect((await list(SHOP_A)).json().requests).toEqual([]);
    await t.deps.queue.send(PRUNE_DATA_REQUESTS_JOB, {});
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await t.deps.database.db.select().from(customerDataRequests)).toEqual([]);
  });
});

describe('customers/redact', () => {
  it('detaches only the named orders of that shop from the visitor, and erases its activity', async () => {
    const before = await rowCounts(t, shopA.id);
    const otherShop = await rowCounts(t, shopB.id);
    const response = await postWebhook(
      t,
      'customers/redact',
      { shop_id: 954889, shop_domain: SHOP_A, customer, orders_to_redact: [9001, 9002] },
      { shop: SHOP_A },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      duplicate: false,
      orders: 2,
      visitors: 1,
      events: 2,
      likes: 1,
    });
    expect(await ordersOf(shopA)).toEqual([
      { orderId: '9001', visitorId: null },
      { orderId: '9002', visitorId: null },
      { orderId: '9003', visitorId: 'visitor-ann' },
    ]);
    // Sales figures stay; the customer's events and likes go, another shopper's stay.
    expect(await rowCounts(t, shopA.id)).toEqual({ ...before, events: 2, likes: 1 });
    expect(await likesOf(SHOP_A, 'visitor-john')).toEqual([]);
    expect(await likesOf(SHOP_A, 'visitor-ann')).toEqual(['clip-a']);
    // Shop B's order 9001 and the same visitor id there are another shop's data.
    expect(await ordersOf(shopB)).toEqual([{ orderId: '9001', visitorId: 'visitor-john' }]);
    expect(await rowCounts(t, shopB.id)).toEqual(otherShop);
    expect(await likesOf(SHOP_B, 'visitor-john')).toEqual(['clip-b']);
  });

  it('refuses a wrong signature and a payload naming another shop, changing nothing', async () => {
    const before = await ordersOf(shopA);
    const body = { shop_id: 1, shop_domain: SHOP_A, customer, orders_to_redact: [9003] };
    const forged = await postWebhook(t, 'customers/redact', body, {
      shop: SHOP_A,
      hmac: 'c2lnbmF0dXJl',
    });
    expect(forged.statusCode).toBe(401);
    const replayed = await postWebhook(t, 'customers/redact', body, { shop: SHOP_B });
    expect(replayed.statusCode).toBe(400);
    const malformed = await postWebhook(
      t,
      'customers/redact',
      { shop_domain: SHOP_A, orders_to_redact: ['#9003'] },
      { shop: SHOP_A },
    );
    expect(malformed.statusCode).toBe(400);
    expect(await ordersOf(shopA)).toEqual(before);
  });
});

describe('shop/redact', () => {
  const redact = (shop: string, options: { hmac?: string } = {}) =>
    postWebhook(t, 'shop/redact', { shop_id: 954889, shop_domain: shop }, { shop, ...options });
  const objectsOf = async (shop: ShopRow, clipId: string) =>
    (await t.deps.media.headObject(`${clipFolder(shop.id, clipId)}/playable.mp4`)) !== null;

  it('reaches every app table: each shop_id cascades from shops', async () => {
    const loose = await queryRows<{ table_name: string }>(
      t.deps.database.db,
      sql`select c.table_name from information_schema.columns c
          where c.table_schema = current_schema() and c.column_name = 'shop_id'
          and not exists (
            select 1 from information_schema.key_column_usage k
            join information_schema.referential_constraints r
              on r.constraint_name = k.constraint_name and r.constraint_schema = k.table_schema
            where k.table_schema = c.table_schema and k.table_name = c.table_name
              and k.column_name = 'shop_id' and r.delete_rule = 'CASCADE')`,
    );
    expect(loose).toEqual([]);
    const [tables] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from information_schema.columns
          where table_schema = current_schema() and column_name = 'shop_id'`,
    );
    expect(tables?.n).toBeGreaterThanOrEqual(19);
    // information_schema's views are slow on PGlite (the local Shopify's and the live service's
    // schemas are in the catalog too): 43 s beside a loaded machine's other work.
  }, 120_000);

  it('leaves an installed shop alone', async () => {
    const response = await redact(SHOP_A);
    expect(response.json()).toMatchObject({ outcome: 'skipped', reason: 'installed' });
    expect(await t.runJobs()).toBe(0);
    expect((await rowCounts(t, shopA.id))?.shops).toBe(1);
  });

  it('refuses a wrong signature, changing nothing', async () => {
    // The merchant uninstalls: the local Shopify revokes the token and sends app/uninstalled.
    const uninstalled = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/shops/${SHOP_A}/uninstall`,
    });
    expect(uninstalled.statusCode, uninstalled.body).toBe(200);
    const forged = await redact(SHOP_A, { hmac: 'c2lnbmF0dXJl' });
    expect(forged.statusCode).toBe(401);
    expect(await t.runJobs()).toBe(0);
    expect((await rowCounts(t, shopA.id))?.shops).toBe(1);
  });

  it('customers/redact still acts for the uninstalled shop, minutes after the uninstall', async () => {
    expect((await findShop(t.deps.database.db, SHOP_A))?.uninstalledAt).not.toBeNull();
    const response = await postWebhook(
      t,
      'customers/redact',
      { shop_id: 954889, shop_domain: SHOP_A, customer, orders_to_redact: [9003] },
      { shop: SHOP_A },
    );
    expect(response.json()).toMatchObject({ orders: 1, visitors: 1 });
    expect(await ordersOf(shopA)).toContainEqual({ orderId: '9003', visitorId: null });
  });

  it("deletes every row and media object of the uninstalled shop, and only that shop's", async () => {
    const orphan = `shops/${shopA.id}/clips/gone/custom-thumbnail-1.jpg`;
    await t.deps.media.putObject(orphan, 'x', { contentType: 'image/jpeg' });
    await t.deps.database.db
      .insert(shopifySessions)
      .values({ shopDomain: SHOP_A, accessToken: 'stale', scope: 'read_products' });
    // Each shop's seller on the live platform (the app's own live service), with a show.
    const sellerOf = new Map<string, string>();
    for (const [index, [shop, row]] of [
      [SHOP_A, shopA],
      [SHOP_B, shopB],
    ].entries() as IterableIterator<[number, [string, ShopRow]]>) {
      const uid = `redactionuid${index}`.padEnd(28, 'x');
      const payload = buildSellerPayload({
        uid,
        phoneNumber: `+1555123456${index}`,
        email: `owner${index}@example.com`,
        ownerName: 'Ada Lovelace',
        shopifyDomain: shop,
        storeName: shop,
      });
      const seller = await t.deps.live.createSeller({ idempotencyKey: `redact:${shop}`, payload });
      await t.deps.live.scheduleShow(seller.sellerId, {
        title: 'Winter drop',
        startsAt: '2027-01-01T18:00:00.000Z',
        productIds: [],
        products: [],
      });
      await t.deps.database.db.insert(sellerAccounts).values({
        shopId: row.id,
        sellerId: seller.sellerId,
        uid,
        phone: payload.phoneNumber,
        email: payload.email,
        dashboardUrl: seller.dashboardUrl,
        payload,
        createdAt: t.clock.now(),
      });
      sellerOf.set(shop, seller.sellerId);
    }
    const otherShop = await rowCounts(t, shopB.id);
    // Shopify issues shop/redact 48 hours after the uninstall; the app acts whenever it comes.
    t.clock.advance(60_000);

    const response = await redact(SHOP_A);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'queued' });
    expect(await t.runJobs()).toBe(1);

    expect(await rowCounts(t, shopA.id)).toEqual({
      shops: 0,
      clips: 0,
      links: 0,
      events: 0,
      likes: 0,
      orders: 0,
      attributions: 0,
    });
    expect(await findShop(t.deps.database.db, SHOP_A)).toBeUndefined();
    expect(await objectsOf(shopA, 'clip-a')).toBe(false);
    expect(await t.deps.media.headObject(orphan)).toBeNull();
    const leftovers = await t.deps.database.db
      .select()
      .from(shopifySessions)
      .where(eq(shopifySessions.shopDomain, SHOP_A));
    expect(leftovers).toEqual([]);
    const receipts = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.shopDomain, SHOP_A));
    expect(receipts).toEqual([]);

    expect(await rowCounts(t, shopB.id)).toEqual(otherShop);
    expect(await objectsOf(shopB, 'clip-b')).toBe(true);
    // The redacted shop's seller is gone from the live platform with its shows; the other's stays.
    await expect(t.deps.live.listShows(sellerOf.get(SHOP_A) ?? '')).rejects.toThrow(/404/);
    expect(await t.deps.live.listShows(sellerOf.get(SHOP_B) ?? '')).toHaveLength(1);
    const remaining = await t.deps.database.db.select({ domain: shops.shopifyDomain }).from(shops);
    expect(remaining).toEqual([{ domain: SHOP_B }]);

    // A redelivery finds nothing left to do, and the next app load is a fresh install.
    expect((await redact(SHOP_A)).json()).toMatchObject({ outcome: 'queued' });
    expect(await t.runJobs()).toBe(1);
    expect((await call(t, SHOP_A, 'GET', '/api/shopify/shop')).statusCode).toBe(200);
    const fresh = await findShop(t.deps.database.db, SHOP_A);
    expect(fresh?.id).not.toBe(shopA.id);
  });
});

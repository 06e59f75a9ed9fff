import {
  CLIP_LINE_PROPERTY,
  isoWeek,
  localDay,
  VISITOR_CART_ATTRIBUTE,
} from '@popstage/core/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRow } from '../../db/schema';
import { signShopifyWebhook } from '../../platform/shopify';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { runRollups } from './rollup-job';

/**
 * Insights numbers against what was sent: storefront events through the public ingest and
 * orders through the signed orders/create webhook, in the demo store's time zone (the local
 * Shopify answers America/New_York), across the end of daylight saving time (1 Nov 2026), a
 * day edge, an ISO week edge, and each attribution window.
 */

const HOUR = 3_600_000;
const TZ = 'America/New_York';
let t: TestApp;
let shopA: ShopRow;
let realNow: Date;
let products: string[] = [];
let nextOrderId = 9_100_001;
let nextWebhookId = 1;

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type EventType = 'impression' | 'view' | 'like' | 'click' | 'add_to_cart';
interface Sent {
  type: EventType;
  clipId: string;
  at: Date;
}
const sent: Sent[] = [];

/** One visitor's batch at `at` (the clock is set there: the ingest keeps only recent times). */
async function send(
  visitorId: string,
  at: Date,
  events: { type: EventType; clipId: string; productId?: string }[],
) {
  t.clock.set(at);
  const res = await t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_A}/events`,
    payload: {
      visitorId: signedVisitor(SHOP_A, visitorId),
      events: events.map((e) => ({ ...e, at: at.toISOString() })),
    },
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ deduped: 0, rejected: 0 });
  for (const e of events) sent.push({ type: e.type, clipId: e.clipId, at });
}

function product(index: number): string {
  const id = products[index];
  if (!id) throw new Error(`no product ${index}`);
  return id;
}

const numericId = (gid: string) => Number(gid.split('/').pop());

async function order(spec: {
  at: Date;
  visitorId: string;
  lines: { product: string; price: string; clip?: string }[];
}) {
  const id = nextOrderId++;
  const total = spec.lines.reduce((sum, line) => sum + Number(line.price), 0).toFixed(2);
  const body = JSON.stringify({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id - 9_100_000 + 2000}`,
    created_at: spec.at.toISOString(),
    currency: 'USD',
    total_price: total,
    test: false,
    cancelled_at: null,
    note_attributes: [{ name: VISITOR_CART_ATTRIBUTE, value: spec.visitorId }],
    line_items: spec.lines.map((line, index) => ({
      id: id * 10 + index,
      product_id: numericId(line.product),
      variant_id: null,
      title: `Line ${index}`,
      quantity: 1,
      price: line.price,
      total_discount: '0.00',
      discount_allocations: [],
      properties: line.clip ? [{ name: CLIP_LINE_PROPERTY, value: line.clip }] : [],
    })),
  });
  t.clock.set(spec.at);
  const res = await t.app.inject({
    method: 'POST',
    url: '/webhooks/orders/create',
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': signShopifyWebhook(
        Buffer.from(body),
        t.deps.config.SHOPIFY_API_SECRET,
      ),
      'x-shopify-shop-domain': SHOP_A,
      'x-shopify-webhook-id': `insights-${nextWebhookId++}`,
      'x-shopify-topic': 'orders/create',
      'x-shopify-api-version': '2026-10',
      'x-shopify-triggered-at': t.clock.now().toISOString(),
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(id);
}

async function dashboard(path: string, query: Record<string, string | number> = {}, shop = SHOP_A) {
  t.clock.set(realNow);
  // Answers read the rollups only (issue 29): the job takes in what the test wrote.
  await runRollups(t.deps);
  const params = new URLSearchParams({ shop_id: SHOP_A, ...query } as Record<string, string>);
  const res = await t.app.inject({
    method: 'GET',
    url: `/dashboard/${path}?${params}`,
    headers: await t.auth(shop),
  });
  return res;
}
async function data(path: string, query: Record<string, string | number> = {}) {
  const res = await dashboard(path, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const CLIPS = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5', 'c-6', 'c-7'];
const TITLES: Record<string, string> = {
  'c-1': 'Summer dress',
  'c-2': 'Winter coat',
  'c-3': 'Summer hat',
  'c-4': 'Boots',
  'c-5': 'Scarf',
  'c-6': 'Gloves',
  'c-7': 'Socks',
};
const FROM = '2026-10-26';
const TO = '2026-11-22';

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_RATE_LIMIT: '100000' });
  realNow = t.clock.now();
  shopA = await ensureShop(t.deps, SHOP_A);
  await ensureShop(t.deps, SHOP_B);
  products = (await t.deps.platform.listProducts(SHOP_A, { first: 3 })).nodes.map((p) => p.id);
  for (const id of CLIPS) {
    await insertProcessedClip(t.deps.database.db, {
      shopId: shopA.id,
      id,
      title: TITLES[id],
      at: new Date('2026-10-20T12:00:00Z'),
    });
  }

  // Edges, in New York time: DST ends at 06:00Z on 1 Nov (01:30 happens twice); 23:30 on
  // 2 Nov is 04:30Z on 3 Nov; Sunday 8 Nov 23:59 is week 45, Monday 9 Nov 00:00 week 46.
  await send('edge-1', new Date('2026-11-01T05:30:00Z'), [{ type: 'view', clipId: 'c-1' }]);
  await send('edge-2', new Date('2026-11-01T06:30:00Z'), [{ type: 'view', clipId: 'c-1' }]);
  await send('edge-3', new Date('2026-11-03T04:30:00Z'), [
    { type: 'click', clipId: 'c-2', productId: product(0) },
  ]);
  await send('edge-4', new Date('2026-11-03T05:00:00Z'), [
    { type: 'click', clipId: 'c-2', productId: product(0) },
  ]);
  await send('edge-5', new Date('2026-11-09T04:59:00Z'), [{ type: 'view', clipId: 'c-3' }]);
  await send('edge-6', new Date('2026-11-09T05:00:00Z'), [{ type: 'view', clipId: 'c-3' }]);
  // Before the range: must not count.
  await send('edge-7', new Date('2026-10-26T03:59:00Z'), [{ type: 'view', clipId: 'c-4' }]);

  // Generated traffic: 80 visitors between 27 Oct and 21 Nov.
  const random = prng(15);
  const types: EventType[] = ['impression', 'view', 'like', 'click', 'add_to_cart'];
  const start = Date.parse('2026-10-27T00:00:00Z');
  for (let v = 0; v < 80; v++) {
    const at = new Date(
      start + Math.floor(random() * 25 * 24) * HOUR + Math.floor(random() * 60) * 60_000,
    );
    const clipIds = [...CLIPS].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
    const events = clipIds.flatMap((clipId) =>
      types
        .filter(() => random() < 0.6)
        .map((type) => ({
          type,
          clipId,
          ...(type === 'click' || type === 'add_to_cart' ? { productId: product(1) } : {}),
        })),
    );
    if (events.length > 0) await send(`gen-${v}`, at, events);
  }
});
afterAll(() => t.close());

/** Expected counts of [from, to] (New York days) from what was sent. */
function expected(filter: (e: Sent) => boolean, from = FROM, to = TO) {
  const counts = { impressions: 0, views: 0, likes: 0, clicks: 0, add_to_carts: 0 };
  const key = {
    impression: 'impressions',
    view: 'views',
    like: 'likes',
    click: 'clicks',
    add_to_cart: 'add_to_carts',
  } as const;
  for (const e of sent) {
    const day = localDay(e.at, TZ);
    if (day >= from && day <= to && filter(e)) counts[key[e.type]] += 1;
  }
  return counts;
}

describe('Insights numbers', () => {
  it('sums the range in the shop time zone', async () => {
    const [summary] = (await data('popclips-summary', { from: FROM, to: TO })).items;
    expect(summary).toMatchObject({
      ...expected(() => true),
      time_zone: TZ,
      currency: 'USD',
      window_days: 7,
      popclips_uploaded: 0,
      previous: null,
    });
    const [uploaded] = (await data('popclips-summary', { from: '2026-10-20', to: '2026-10-20' }))
      .items;
    expect(uploaded.popclips_uploaded).toBe(CLIPS.length);
  });

  it('puts every event on its New York day, across DST and midnight', async () => {
    const days = (await data('popclips-daily', { from: FROM, to: TO })).items as {
      day: string;
      views: number;
      clicks: number;
      impressions: number;
      likes: number;
      add_to_carts: number;
    }[];
    expect(days).toHaveLength(28);
    for (const row of days) {
      expect({ day: row.day, ...expected(() => true, row.day, row.day) }).toEqual({
        day: row.day,
        impressions: row.impressions,
        views: row.views,
        likes: row.likes,
        clicks: row.clicks,
        add_to_carts: row.add_to_carts,
      });
    }
    const edge = (day: string) => days.find((row) => row.day === day);
    // Both 01:30s of 1 Nov are 1 Nov; 23:30 on 2 Nov stays on 2 Nov.
    expect(edge('2026-11-01')?.views).toBeGreaterThanOrEqual(2);
    expect(edge('2026-11-02')?.clicks).toBe(
      expected((e) => e.type === 'click', '2026-11-02', '2026-11-02').clicks,
    );
    const summaryOnly = (await data('popclips-summary', { from: '2026-11-02', to: '2026-11-02' }))
      .items[0];
    expect(summaryOnly.clicks).toBe(days.find((row) => row.day === '2026-11-02')?.clicks);
  });

  it('cuts ISO weeks on Monday midnight, New York time', async () => {
    const weeks = (await data('popclips-weekly', { from: FROM, to: TO })).items as {
      week_no: number;
      from: string;
      to: string;
      views: number;
      clicks: number;
    }[];
    expect(weeks.map((w) => w.week_no)).toEqual([47, 46, 45, 44]);
    for (const week of weeks) {
      const counts = expected((e) => isoWeek(localDay(e.at, TZ)).week === week.week_no);
      expect([week.week_no, week.views, week.clicks]).toEqual([
        week.week_no,
        counts.views,
        counts.clicks,
      ]);
    }
  });

  it('lists clips 5 a page by performance, searchable by title', async () => {
    const first = await data('popclips-stats', { from: FROM, to: TO });
    expect(first.items).toHaveLength(5);
    expect(first).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await data('popclips-stats', { from: FROM, to: TO, cursor: first.cursor });
    expect(second.items).toHaveLength(2);
    expect(second).toMatchObject({ hasNextPage: false, hasPreviousPage: true, cursor: null });
    const all = [...first.items, ...second.items] as {
      popclip_id: string;
      views: number;
      clicks: number;
      popclip_title: string;
    }[];
    expect(new Set(all.map((row) => row.popclip_id))).toEqual(new Set(CLIPS));
    const views = all.map((row) => row.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    for (const row of all) {
      const counts = expected((e) => e.clipId === row.popclip_id);
      expect([row.popclip_id, row.views, row.clicks]).toEqual([
        row.popclip_id,
        counts.views,
        counts.clicks,
      ]);
      expect(row.popclip_title).toBe(TITLES[row.popclip_id]);
    }
    const summer = await data('popclips-stats', { from: FROM, to: TO, searchValue: 'summer' });
    expect(summer.items.map((row: { popclip_id: string }) => row.popclip_id).sort()).toEqual([
      'c-1',
      'c-3',
    ]);
  });

  it('compares with the previous period of the same length', async () => {
    const [summary] = (
      await data('popclips-summary', { from: '2026-11-09', to: '2026-11-15', compare: 'true' })
    ).items;
    expect(summary.previous).toMatchObject({
      from: '2026-11-02',
      to: '2026-11-08',
      views: expected(() => true, '2026-11-02', '2026-11-08').views,
    });
    expect(summary.views).toBe(expected(() => true, '2026-11-09', '2026-11-15').views);
  });

  it('credits sales by the chosen attribution window, on the order day in New York', async () => {
    const orderAt = new Date('2026-11-20T03:00:00Z'); // 19 Nov, 22:00 in New York
    // Clicked 2 days before: direct in the 7 and 30 day windows only.
    await send('buyer-1', new Date(orderAt.getTime() - 48 * HOUR), [
      { type: 'click', clipId: 'c-5', productId: product(2) },
    ]);
    await order({
      at: orderAt,
      visitorId: 'buyer-1',
      lines: [{ product: product(2), price: '40.00' }],
    });
    // Clicked 10 days before: only the 30 day window.
    await send('buyer-2', new Date(orderAt.getTime() - 240 * HOUR), [
      { type: 'click', clipId: 'c-6', productId: product(2) },
    ]);
    await order({
      at: orderAt,
      visitorId: 'buyer-2',
      lines: [{ product: product(2), price: '15.00' }],
    });
    // Viewed 12 hours before, then bought another product: influenced in every window.
    await send('buyer-3', new Date(orderAt.getTime() - 12 * HOUR), [
      { type: 'view', clipId: 'c-7' },
    ]);
    await order({
      at: orderAt,
      visitorId: 'buyer-3',
      lines: [{ product: product(0), price: '9.99' }],
    });
    // Added from the clip (line property): direct whatever the window.
    await order({
      at: orderAt,
      visitorId: 'buyer-4',
      lines: [
        { product: product(1), price: '20.00', clip: 'c-5' },
        { product: product(0), price: '5.00' },
      ],
    });

    const sales = async (window: number) =>
      (await data('popclips-summary', { from: '2026-11-19', to: '2026-11-19', window })).items[0];
    expect(await sales(1)).toMatchObject({
      orders: 2,
      sales: '29.99',
      direct_sales: '20.00',
      influenced_sales: '9.99',
      store_orders: 4,
      store_sales: '89.99',
    });
    expect(await sales(7)).toMatchObject({ orders: 3, sales: '69.99', direct_sales: '60.00' });
    expect(await sales(30)).toMatchObject({ orders: 4, sales: '84.99', direct_sales: '75.00' });
    // 20 Nov in UTC is still 19 Nov in New York.
    expect(
      (await data('popclips-summary', { from: '2026-11-20', to: '2026-11-20' })).items[0],
    ).toMatchObject({ orders: 0, store_orders: 0 });

    const detail = await data('popclips/c-5', { from: '2026-11-19', to: '2026-11-19' });
    expect(detail.funnel).toMatchObject({ orders: 2, sales: '60.00' });
    expect(
      detail.orders.map((o: { kind: string; revenue: string }) => [o.kind, o.revenue]).sort(),
    ).toEqual([
      ['direct', '20.00'],
      ['direct', '40.00'],
    ]);
    const months = (await data('popclips-monthly', { from: FROM, to: TO, window: 30 })).items;
    expect(months[0]).toMatchObject({
      month_no: 11,
      month_and_year: 'November 2026',
      sales: '84.99',
      direct_percentage: 88.2,
    });
  });

  it('keeps the job and the dashboard in step: a second rollup changes nothing', async () => {
    const before = await data('popclips-daily', { from: FROM, to: TO });
    expect(await runRollups(t.deps)).toBe(0);
    expect(await data('popclips-daily', { from: FROM, to: TO })).toEqual(before);
  });

  it('sums a carousel from its clips', async () => {
    await t.deps.database.db.execute(
      `insert into carousels (id, shop_id, title, type, type_ids, sorted_popclips_ids, is_published, created_at, updated_at)
       values ('0b0b0b0b-0000-4000-8000-00000000000b', '${shopA.id}', 'Summer', 'custom', '["c-1","c-3"]', '[]', true, now(), now())` as never,
    );
    const [row] = (await data('carousels-stats', { from: FROM, to: TO })).items;
    const counts = expected((e) => e.clipId === 'c-1' || e.clipId === 'c-3');
    expect(row).toMatchObject({
      carousel_title: 'Summer',
      popclips: 2,
      views: counts.views,
      clicks: counts.clicks,
    });
  });

  it('sums a collection carousel from the clips tagging a product of its collection', async () => {
    const db = t.deps.database.db;
    const collection = (await t.deps.platform.listCollections(SHOP_A, { first: 5 })).nodes.find(
      (c) => c.productsCount > 0 && c.productsCount < 300,
    );
    if (!collection) throw new Error('no collection');
    const [inside] = (
      await t.deps.platform.listProducts(SHOP_A, { first: 1, collectionId: collection.id })
    ).nodes;
    if (!inside) throw new Error('empty collection');
    await db.execute(
      sql`update popclips set products = ${JSON.stringify([{ shopifyProductId: inside.id }])}::jsonb
          where shop_id = ${shopA.id}::uuid and meta_identifier = 'c-4'`,
    );
    await db.execute(
      sql`insert into carousels (id, shop_id, title, type, type_ids, sorted_popclips_ids, is_published, created_at, updated_at)
          values ('0c0c0c0c-0000-4000-8000-00000000000c', ${shopA.id}::uuid, 'Collection', 'collection',
                  ${JSON.stringify([collection.id])}::jsonb, '[]', true, now(), now())`,
    );
    const rows = (await data('carousels-stats', { from: FROM, to: TO })).items as {
      carousel_title: string;
      popclips: number;
      views: number;
    }[];
    const row = rows.find((r) => r.carousel_title === 'Collection');
    expect(row).toMatchObject({ popclips: 1, views: expected((e) => e.clipId === 'c-4').views });
  });

  it("refuses another shop's id and bad ranges", async () => {
    expect((await dashboard('popclips-summary', {}, SHOP_B)).statusCode).toBe(403);
    expect((await dashboard('popclips-stats', { from: TO, to: FROM })).statusCode).toBe(400);
    expect((await dashboard('popclips-stats', { window: 3 })).statusCode).toBe(400);
    expect((await dashboard('popclips-stats', { cursor: 'nonsense!' })).statusCode).toBe(400);
  });

  it('signs an expiring, read-only report URL (looker_dashboard) of the same numbers', async () => {
    t.clock.set(realNow);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shopify/shop/cs-reports?dashboardId=737&subdomain=data',
      headers: await t.auth(SHOP_A),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json().data;
    expect(Date.parse(expiresAt) - realNow.getTime()).toBeGreaterThan(14 * 60_000);
    const path = new URL(url).pathname + new URL(url).search;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    expect(page.body).toContain('Insights report');
    expect(page.body).toContain('Summer dress');
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${path.slice(0, -6)}AAAAAA`,
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain('Data not found');
    t.clock.set(new Date(realNow.getTime() + 16 * 60_000));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    t.clock.set(realNow);
  });
});

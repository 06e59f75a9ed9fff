import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { type ShopRow, storefrontEvents } from '../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { ensureEventPartitions, PRUNE_EVENTS_JOB, pruneStorefrontEvents } from './prune-job';

const DAY = 24 * 60 * 60_000;

let t: TestApp;
let shopA: ShopRow;
let shopB: ShopRow;

async function addClip(shop: ShopRow, id: string) {
  await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id, at: t.clock.now() });
}

const ingest = (shop: string, visitorId: string, events: object[]) =>
  t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${shop}/events`,
    payload: { visitorId: signedVisitor(shop, visitorId), events },
  });

const eventsOf = (shop: ShopRow) =>
  queryRows<{ visitor_id: string; type: string }>(
    t.deps.database.db,
    sql`select visitor_id, type from storefront_events where shop_id = ${shop.id}
        order by id`,
  );

const total = async (table: 'popclip_daily_views' | 'popclip_likes', shop: ShopRow) =>
  (
    await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where shop_id = ${shop.id}`,
    )
  )[0]?.n;

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_EVENTS_RETENTION_DAYS: '400' });
  shopA = await ensureShop(t.deps, SHOP_A);
  shopB = await ensureShop(t.deps, SHOP_B);
  await addClip(shopA, 'prune-a');
  await addClip(shopB, 'prune-b');
});
afterAll(() => t.close());

describe('storefront events retention', () => {
  it('deletes raw events past the retention in every shop and keeps the aggregates', async () => {
    const start = t.clock.now();
    const view = { type: 'view', clipId: 'prune-a' };
    expect(
      (
        await ingest(SHOP_A, 'v-old', [
          view,
          { type: 'click', clipId: 'prune-a', productId: 'gid://shopify/Product/1' },
          { type: 'like', clipId: 'prune-a' },
        ])
      ).statusCode,
    ).toBe(202);
    expect((await ingest(SHOP_B, 'v-old', [{ type: 'view', clipId: 'prune-b' }])).statusCode).toBe(
      202,
    );
    t.clock.set(new Date(start.getTime() + 300 * DAY));
    expect((await ingest(SHOP_A, 'v-kept', [view])).statusCode).toBe(202);

    // Just past 400 days after the first events: those go, the 100-day-old view stays.
    t.clock.set(new Date(start.getTime() + 400 * DAY + 60_000));
    expect((await ingest(SHOP_A, 'v-now', [view])).json()).toMatchObject({ accepted: 1 });
    await t.deps.queue.send(PRUNE_EVENTS_JOB, {});
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);

    expect(await eventsOf(shopA)).toEqual([
      { visitor_id: 'v-kept', type: 'view' },
      { visitor_id: 'v-now', type: 'view' },
    ]);
    expect(await eventsOf(shopB)).toEqual([]);
    // Views, likes and the rollup stay: the admin's all-time counts do not change.
    expect(await total('popclip_daily_views', shopA)).toBe(3);
    expect(await total('popclip_likes', shopA)).toBe(1);
    const views = await t.app.inject({
      method: 'POST',
      url: '/api/popclips/views/fetch',
      headers: await t.auth(SHOP_A),
      payload: { customer_id: SHOP_A, clip_ids: ['prune-a'] },
    });
    expect(views.json()).toEqual({ data: [{ clip_id: 'prune-a', clip_total_views: 3 }] });
    // The dedupe reference of a recent view survives the prune.
    expect((await ingest(SHOP_A, 'v-now', [view])).json()).toMatchObject({
      accepted: 0,
      deduped: 1,
    });
  });

  it('deletes in bounded batches and leaves a backlog to the next run', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 500 * DAY);
    await t.deps.database.db.insert(storefrontEvents).values(
      Array.from({ length: 5 }, (_, i) => ({
        shopId: shopB.id,
        clipId: 'prune-b',
        type: 'impression' as const,
        visitorId: `backlog-${i}`,
        occurredAt: old,
        receivedAt: old,
      })),
    );
    const run = () =>
      pruneStorefrontEvents(t.deps.database.db, now, 400, { batchSize: 2, maxBatches: 2 });
    expect(await run()).toBe(4);
    expect(await eventsOf(shopB)).toHaveLength(1);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    expect(await eventsOf(shopB)).toEqual([]);
  });

  it('drops whole months past the retention as partitions (issue 29), not row by row', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 900 * DAY);
    const month = `storefront_events_p${old.toISOString().slice(0, 7).replace('-', '')}`;
    expect(await ensureEventPartitions(t.deps.database.db, old)).toContain(month);
    const partitions = async () =>
      (
        await queryRows<{ name: string }>(
          t.deps.database.db,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = 'storefront_events'::regclass`,
        )
      ).map((row) => row.name);
    await t.deps.database.db.insert(storefrontEvents).values(
      Array.from({ length: 3 }, (_, i) => ({
        shopId: shopA.id,
        clipId: 'prune-a',
        type: 'impression' as const,
        visitorId: `month-${i}`,
        occurredAt: old,
        receivedAt: old,
      })),
    );
    const [inMonth] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql.raw(`select count(*)::int as n from ${month}`),
    );
    expect(inMonth?.n).toBe(3);
    // None of the three went by DELETE: their month went as a whole.
    expect(await pruneStorefrontEvents(t.deps.database.db, now, 400)).toBe(0);
    expect(await partitions()).not.toContain(month);
    expect((await eventsOf(shopA)).filter((row) => row.visitor_id.startsWith('month-'))).toEqual(
      [],
    );
    // A month's partition and the coming ones are made ahead of their events (this test's
    // clock has already put this month's events in the default partition, so a later one).
    const later = new Date(now.getTime() + 2000 * DAY);
    const current = `storefront_events_p${later.toISOString().slice(0, 7).replace('-', '')}`;
    await ensureEventPartitions(t.deps.database.db, later);
    expect(await partitions()).toContain(current);
  });

  it('refuses a retention too short for the dedupe, attribution and monthly dashboard', () => {
    expect(loadConfig({}).STOREFRONT_EVENTS_RETENTION_DAYS).toBe(400);
    expect(() => loadConfig({ STOREFRONT_EVENTS_RETENTION_DAYS: '7' })).toThrow(
      /STOREFRONT_EVENTS_RETENTION_DAYS/,
    );
  });
});

import type { StorefrontEvent, StorefrontEventsAnswer } from '@popstage/core/storefront';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { onDrizzleQuery } from '../../test/statements';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { batchWriter, ingestEvents, type StoreBatch } from './ingest';

/**
 * Group commit (issue 29 point 2): batches arriving together are written by one transaction.
 * Each batch must come out as if written alone: stored once, under its own shop, its views
 * deduped against the visitor's other batches and held to its network's allowance.
 */
let t: TestApp;
let shopA: ShopRow;
let shopB: ShopRow;
let store: StoreBatch;
/** Group writes seen (their lock statement). */
let groups = 0;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1';
/** Views of a clip each network may add in a day (distinct visitors), for the caps case. */
const VIEWS_PER_ADDRESS = 2;

beforeAll(async () => {
  t = await createTestApp({
    STOREFRONT_RATE_LIMIT: '100000',
    STOREFRONT_VIEWS_PER_ADDRESS: String(VIEWS_PER_ADDRESS),
  });
  shopA = await ensureShop(t.deps, SHOP_A);
  shopB = await ensureShop(t.deps, SHOP_B);
  for (const id of ['ga-1', 'ga-2', 'capped']) {
    await insertProcessedClip(t.deps.database.db, { shopId: shopA.id, id, at: t.clock.now() });
  }
  await insertProcessedClip(t.deps.database.db, {
    shopId: shopB.id,
    id: 'gb-1',
    at: t.clock.now(),
  });
  onDrizzleQuery(t.deps.database, (text) => {
    if (/^\s*with locked as/.test(text)) groups += 1;
  });
  store = batchWriter(t.deps.database);
});
afterAll(() => t.close());

/** One batch straight into the ingest (no await before it reaches the writer). */
const ingest = (
  shop: ShopRow,
  visitorId: string,
  sessionId: string,
  events: StorefrontEvent[],
  ip: string,
): Promise<StorefrontEventsAnswer> =>
  ingestEvents(t.deps, store, shop, { visitorId, sessionId, events }, { ip, userAgent: BROWSER });

const visit = (clipId: string): StorefrontEvent[] => [
  { type: 'impression', clipId },
  { type: 'view', clipId },
  { type: 'impression', clipId },
  { type: 'click', clipId, productId: 'gid://shopify/Product/1' },
];

const stored = async (sessionIds: string[]) =>
  queryRows<{ session_id: string; shop_id: string; events: number; views: number }>(
    t.deps.database.db,
    sql`select session_id, shop_id, count(*)::int as events,
               (count(*) filter (where type = 'view'))::int as views
        from storefront_events
        where session_id in (select jsonb_array_elements_text(${JSON.stringify(sessionIds)}::jsonb))
        group by session_id, shop_id order by session_id`,
  );

const dailyViews = async (shopId: string, clipId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.deps.database.db,
        sql`select coalesce(sum(views), 0)::int as n from popclip_daily_views
            where shop_id = ${shopId} and popclip_id = ${clipId}`,
      )
    )[0]?.n,
  );

describe('a group of batches', () => {
  it('stores every batch once, under its own shop, in one transaction', async () => {
    const before = groups;
    const viewsA = await dailyViews(shopA.id, 'ga-1');
    const viewsB = await dailyViews(shopB.id, 'gb-1');
    const answers = await Promise.all([
      ingest(shopA, 'mix-a1', 'mix-1', visit('ga-1'), '198.51.100.1'),
      ingest(shopB, 'mix-b1', 'mix-2', visit('gb-1'), '198.51.100.2'),
      ingest(shopA, 'mix-a2', 'mix-3', visit('ga-1'), '198.51.100.3'),
      // Shop B's batch naming shop A's clip: that event is rejected, the rest stored under B.
      ingest(
        shopB,
        'mix-b2',
        'mix-4',
        [...visit('gb-1'), { type: 'view', clipId: 'ga-1' }],
        '198.51.100.4',
      ),
      // The same visitor name in another shop is another visitor: no dedupe across shops.
      ingest(shopB, 'mix-a1', 'mix-5', visit('gb-1'), '198.51.100.5'),
    ]);
    expect(groups - before).toBe(1);
    expect(answers).toEqual([
      { accepted: 4, deduped: 0, rejected: 0 },
      { accepted: 4, deduped: 0, rejected: 0 },
      { accepted: 4, deduped: 0, rejected: 0 },
      { accepted: 4, deduped: 0, rejected: 1 },
      { accepted: 4, deduped: 0, rejected: 0 },
    ]);
    expect(await stored(['mix-1', 'mix-2', 'mix-3', 'mix-4', 'mix-5'])).toEqual([
      { session_id: 'mix-1', shop_id: shopA.id, events: 4, views: 1 },
      { session_id: 'mix-2', shop_id: shopB.id, events: 4, views: 1 },
      { session_id: 'mix-3', shop_id: shopA.id, events: 4, views: 1 },
      { session_id: 'mix-4', shop_id: shopB.id, events: 4, views: 1 },
      { session_id: 'mix-5', shop_id: shopB.id, events: 4, views: 1 },
    ]);
    // The daily rollup adds each shop's views once (one row per clip and day, summed in the group).
    expect(await dailyViews(shopA.id, 'ga-1')).toBe(viewsA + 2);
    expect(await dailyViews(shopB.id, 'gb-1')).toBe(viewsB + 3);
  });

  it("keeps one visitor's batches apart: the view counts once across them", async () => {
    const before = groups;
    const answers = await Promise.all([
      ingest(shopA, 'twice', 'twice-1', visit('ga-2'), '198.51.100.10'),
      ingest(shopA, 'other', 'other-1', visit('ga-2'), '198.51.100.11'),
      ingest(shopA, 'twice', 'twice-2', visit('ga-2'), '198.51.100.10'),
      ingest(shopA, 'twice', 'twice-3', [{ type: 'view', clipId: 'ga-2' }], '198.51.100.10'),
    ]);
    // The visitor's second and third batches each wait for the one before to commit.
    expect(groups - before).toBe(3);
    expect(answers).toEqual([
      { accepted: 4, deduped: 0, rejected: 0 },
      { accepted: 4, deduped: 0, rejected: 0 },
      { accepted: 3, deduped: 1, rejected: 0 },
      { accepted: 0, deduped: 1, rejected: 0 },
    ]);
    const rows = await stored(['twice-1', 'twice-2', 'twice-3', 'other-1']);
    expect(rows.map((row) => [row.session_id, row.events, row.views])).toEqual([
      ['other-1', 4, 1],
      ['twice-1', 4, 1],
      ['twice-2', 3, 0],
    ]);
  });

  it("holds a network's allowance across batches that arrive together", async () => {
    const before = groups;
    // Five visitors behind one address view the clip at once: the address adds two.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ingest(
          shopA,
          `office-${i}`,
          `office-${i}`,
          [{ type: 'view', clipId: 'capped' }],
          '203.0.113.9',
        ),
      ),
    );
    expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(VIEWS_PER_ADDRESS);
    expect(answers.reduce((sum, answer) => sum + answer.deduped, 0)).toBe(5 - VIEWS_PER_ADDRESS);
    expect(await dailyViews(shopA.id, 'capped')).toBe(VIEWS_PER_ADDRESS);
    // One site's batches go one group after another.
    expect(groups - before).toBe(5);
  });

  it('likes and unlikes of several visitors in one group', async () => {
    const likes = async () =>
      (
        await queryRows<{ visitor_id: string }>(
          t.deps.database.db,
          sql`select visitor_id from popclip_likes
              where shop_id = ${shopA.id} and clip_id = 'ga-2' and visitor_id like 'fan-%'
              order by visitor_id`,
        )
      ).map((row) => row.visitor_id);
    const fans = ['fan-1', 'fan-2', 'fan-3'];
    await Promise.all(
      fans.map((fan, i) =>
        ingest(
          shopA,
          fan,
          `${fan}-like`,
          [{ type: 'like', clipId: 'ga-2' }],
          `198.51.100.${20 + i}`,
        ),
      ),
    );
    expect(await likes()).toEqual(fans);
    const before = groups;
    await Promise.all([
      ingest(shopA, 'fan-1', 'fan-1-unlike', [{ type: 'unlike', clipId: 'ga-2' }], '198.51.100.20'),
      ingest(shopA, 'fan-3', 'fan-3-unlike', [{ type: 'unlike', clipId: 'ga-2' }], '198.51.100.22'),
    ]);
    expect(groups - before).toBe(1);
    expect(await likes()).toEqual(['fan-2']);
  });

  it('rejects text PostgreSQL cannot hold without failing the batches beside it', async () => {
    const answers = await Promise.all([
      ingest(shopA, 'nul-1', 'nul\u0000session', visit('ga-1'), '198.51.100.30'),
      ingest(
        shopA,
        'nul-2',
        'nul-2',
        [...visit('ga-1'), { type: 'click', clipId: 'ga-1', productId: 'bad\ud800' }],
        '198.51.100.31',
      ),
    ]);
    expect(answers).toEqual([
      { accepted: 4, deduped: 0, rejected: 0 },
      { accepted: 4, deduped: 0, rejected: 1 },
    ]);
    expect((await stored(['nul-2'])).map((row) => row.events)).toEqual([4]);
  });
});

describe('batches through the route at once', () => {
  it('are grouped, and every event answered is stored, once', async () => {
    const before = groups;
    const sessions: string[] = [];
    const requests = [SHOP_A, SHOP_B].flatMap((domain) =>
      Array.from({ length: 10 }, (_, visitor) =>
        [1, 2].map((visitNumber) => {
          const sessionId = `route-${domain}-${visitor}-${visitNumber}`;
          sessions.push(sessionId);
          const clipId = domain === SHOP_A ? 'ga-1' : 'gb-1';
          return t.app.inject({
            method: 'POST',
            url: `/storefront/v1/shops/${domain}/events`,
            remoteAddress: `192.0.2.${visitor + (domain === SHOP_A ? 0 : 100)}`,
            headers: { 'user-agent': BROWSER },
            payload: {
              visitorId: signedVisitor(domain, `route-${visitor}`),
              sessionId,
              events: visit(clipId),
            },
          });
        }),
      ).flat(),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
    const counts = answers.map((answer) => answer.json<StorefrontEventsAnswer>());
    const accepted = counts.reduce((sum, c) => sum + c.accepted, 0);
    // Each visitor's view counts once in her two visits (the other is deduped).
    expect(counts.reduce((sum, c) => sum + c.deduped, 0)).toBe(20);
    const rows = await stored(sessions);
    expect(rows.reduce((sum, row) => sum + row.events, 0)).toBe(accepted);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(20);
    expect(rows).toHaveLength(40);
    expect(groups - before).toBeGreaterThan(1);
    expect(groups - before).toBeLessThan(40);
  });
});

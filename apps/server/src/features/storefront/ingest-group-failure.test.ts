import type { StorefrontEventsAnswer } from '@popstage/core/storefront';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { createTestApp, SHOP_A, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { ensureShop } from '../shop';
import { batchWriter, ingestEvents, type StoreBatch } from './ingest';

// The first group of this file fails once its locks are taken, before its write (the failpoints
// are read when their module loads, hence before the imports).
vi.hoisted(() => {
  process.env.POPSTAGE_FAILPOINTS = 'storefront.before-group-write=throw';
});

/**
 * A group whose write fails answers every batch in it with the error, and stores nothing of any
 * of them: no batch is answered without its rows committed, none is half-stored.
 */
let t: TestApp;
let shop: ShopRow;
let store: StoreBatch;

beforeAll(async () => {
  delete process.env.POPSTAGE_FAILPOINTS;
  t = await createTestApp();
  shop = await ensureShop(t.deps, SHOP_A);
  await insertProcessedClip(t.deps.database.db, {
    shopId: shop.id,
    id: 'fail-1',
    at: t.clock.now(),
  });
  store = batchWriter(t.deps.database);
});
afterAll(() => t.close());

const batch = (visitor: string): Promise<StorefrontEventsAnswer | string> =>
  ingestEvents(
    t.deps,
    store,
    shop,
    {
      visitorId: visitor,
      sessionId: visitor,
      events: [
        { type: 'view', clipId: 'fail-1' },
        { type: 'like', clipId: 'fail-1' },
        { type: 'impression', clipId: 'fail-1' },
      ],
    },
    { ip: `198.51.100.${visitor.slice(1)}`, userAgent: 'Mozilla/5.0 Safari/604.1' },
  ).catch((error: Error) => `failed: ${error.message}`);

const written = async () => {
  const [row] = await queryRows<{
    events: number;
    likes: number;
    daily: number;
    marks: number;
    places: number;
  }>(
    t.deps.database.db,
    sql`select (select count(*) from storefront_events)::int as events,
               (select count(*) from popclip_likes)::int as likes,
               (select coalesce(sum(views), 0) from popclip_daily_views)::int as daily,
               (select count(*) from analytics_dirty_hours)::int as marks,
               (select count(*) from storefront_address_visitors)::int as places`,
  );
  return row;
};

describe('a failed group write', () => {
  it('fails every batch of the group and stores none of them; the next group is stored', async () => {
    const nothing = await written();
    const failed = await Promise.all(['v1', 'v2', 'v3', 'v4'].map(batch));
    expect(failed).toEqual(Array(4).fill('failed: failpoint storefront.before-group-write'));
    expect(await written()).toEqual(nothing);

    // The write itself failing at its last part (the Insights marks, after the events, places
    // and rollup rows of the same statement): nothing of the group is stored either.
    await t.deps.database.db.execute(
      sql`alter table analytics_dirty_hours add constraint ingest_test_refuses check (hour is null) not valid`,
    );
    const refused = await Promise.all(['v1', 'v2', 'v3', 'v4'].map(batch));
    expect(refused.every((answer) => String(answer).startsWith('failed:'))).toBe(true);
    expect(await written()).toEqual(nothing);
    await t.deps.database.db.execute(
      sql`alter table analytics_dirty_hours drop constraint ingest_test_refuses`,
    );

    // The same batches again (the point fails once): stored whole, the views counted.
    const stored = await Promise.all(['v1', 'v2', 'v3', 'v4'].map(batch));
    expect(stored).toEqual(Array(4).fill({ accepted: 3, deduped: 0, rejected: 0 }));
    const after = await written();
    // Each batch: its view, like and impression; a like; a view in the rollup; its places in
    // the network's allowance for the view and the like; the hour marked for Insights.
    expect(after).toMatchObject({
      events: (nothing?.events ?? 0) + 12,
      likes: (nothing?.likes ?? 0) + 4,
      daily: (nothing?.daily ?? 0) + 4,
      places: (nothing?.places ?? 0) + 8,
    });
    expect(after?.marks).toBeGreaterThan(nothing?.marks ?? 0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import { createTestApp, SHOP_B, type TestApp } from '../../test/app';
import { insertProcessedClip } from '../../test/popclips';
import { signedVisitor } from '../../test/visitor';
import { ensureShop } from '../shop';
import { runRollups } from './rollup-job';

/**
 * The other store is on Kolkata time (UTC+5:30, a half-hour offset): its local hours start at
 * :30 UTC. A change of the shop's time zone rebuilds the rollups in the new zone, and the stored
 * zone is read again from the platform once a day.
 */

let t: TestApp;
let shop: ShopRow;
let realNow: Date;

async function view(visitorId: string, at: string) {
  t.clock.set(new Date(at));
  const res = await t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_B}/events`,
    payload: {
      visitorId: signedVisitor(SHOP_B, visitorId),
      events: [{ type: 'view', clipId: 'k-1', at }],
    },
  });
  expect(res.statusCode, res.body).toBe(202);
}

async function days() {
  t.clock.set(realNow);
  // Answers read the rollups only (issue 29): the job takes in what the test wrote.
  await runRollups(t.deps);
  const res = await t.app.inject({
    method: 'GET',
    url: `/dashboard/popclips-daily?shop_id=${SHOP_B}&from=2026-11-10&to=2026-11-11`,
    headers: await t.auth(SHOP_B),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return body.data.items.map((d: { day: string; views: number }) => [d.day, d.views]);
}

beforeAll(async () => {
  t = await createTestApp();
  realNow = t.clock.now();
  shop = await ensureShop(t.deps, SHOP_B);
  await insertProcessedClip(t.deps.database.db, { shopId: shop.id, id: 'k-1', at: realNow });
  // 23:59 and 00:01 in Kolkata; 18:29 and 18:31 UTC: one UTC day, two Kolkata days.
  await view('k-a', '2026-11-10T18:29:00.000Z');
  await view('k-b', '2026-11-10T18:31:00.000Z');
});
afterAll(() => t.close());

describe('rollups and the shop time zone', () => {
  it('is rolled up by the job alone, in the zone the platform gives', async () => {
    expect(await runRollups(t.deps)).toBeGreaterThan(0);
    const rows = await queryRows<{ day: string; views: number }>(
      t.deps.database.db,
      sql`select day::text as day, views from analytics_clip_daily
          where shop_id = ${shop.id}::uuid order by day`,
    );
    expect(rows).toEqual([
      { day: '2026-11-10', views: 1 },
      { day: '2026-11-11', views: 1 },
    ]);
    expect(await runRollups(t.deps)).toBe(0);
  });

  it('splits days at local midnight in a half-hour zone', async () => {
    expect(await days()).toEqual([
      ['2026-11-10', 1],
      ['2026-11-11', 1],
    ]);
  });

  it('rebuilds in a new zone, and reads the zone again from the platform after a day', async () => {
    const db = t.deps.database.db;
    await db.execute(
      sql`update analytics_settings set time_zone = 'UTC', updated_at = now() where shop_id = ${shop.id}::uuid`,
    );
    expect(await days()).toEqual([
      ['2026-11-10', 2],
      ['2026-11-11', 0],
    ]);
    await db.execute(
      sql`update analytics_settings set updated_at = now() - interval '2 days' where shop_id = ${shop.id}::uuid`,
    );
    // The zone is read again; answers stay in the rollups' zone until the job has rebuilt them.
    expect(await days()).toEqual([
      ['2026-11-10', 2],
      ['2026-11-11', 0],
    ]);
    expect(await days()).toEqual([
      ['2026-11-10', 1],
      ['2026-11-11', 1],
    ]);
  });
});

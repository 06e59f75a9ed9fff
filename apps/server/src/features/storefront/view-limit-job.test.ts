import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { popclipDailyViews, popclipViewLimits, type ShopRow } from '../../db/schema';
import type { JobContext } from '../../jobs/job';
import { committedCatalogue } from '../../test/catalogue';
import { createTestClock } from '../../test/clock';
import { createTestDatabase } from '../../test/database';
import { insertTestShop } from '../../test/rows';
import { readViewLimit } from '../billing';
import { checkViewLimit, viewLimitsJob } from './view-limit-job';

/**
 * The popclips.view-limits job against a migrated database: the flag it stores (set at the
 * limit, kept with its first time while the period lasts, cleared by a new period), and the
 * shops it checks (one named shop, or those with recent views or a flag to clear). Shops here
 * have no subscription: the free add-on's 1,000 views a calendar month.
 */
const FREE_VIEWS = 1000;
const clock = createTestClock(new Date('2026-06-15T12:00:00Z'));
const catalogue = committedCatalogue();
let database: Database;
let nextShop = 1;

const newShop = () => insertTestShop(database.db, `shop-${nextShop++}.myshopify.com`);

const views = (owner: ShopRow, day: string, count: number) =>
  database.db
    .insert(popclipDailyViews)
    .values({ shopId: owner.id, popclipId: 'clip', day, views: count });

const ctx = () => ({ database, clock, catalogue }) as unknown as JobContext;

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => {
  clock.set(new Date('2026-06-15T12:00:00Z'));
});
afterAll(() => database?.close());

describe('checking one shop', () => {
  it('stores the period’s facts, unflagged under the limit', async () => {
    const shop = await newShop();
    await views(shop, '2026-06-02', FREE_VIEWS - 1);
    expect(await checkViewLimit(database.db, catalogue, shop, clock.now())).toBe(false);
    expect(await readViewLimit(database.db, shop.id)).toEqual({
      shopId: shop.id,
      periodStart: new Date('2026-06-01T00:00:00Z'),
      maxViews: FREE_VIEWS,
      totalViews: FREE_VIEWS - 1,
      limitAccess: false,
      limitedAt: null,
      checkedAt: clock.now(),
    });
  });

  it('flags the shop at the limit, keeps the first time while the period lasts, clears it after', async () => {
    const shop = await newShop();
    await views(shop, '2026-06-02', FREE_VIEWS);
    const limitedAt = clock.now();
    expect(await checkViewLimit(database.db, catalogue, shop, limitedAt)).toBe(true);
    clock.set(new Date('2026-06-20T08:00:00Z'));
    expect(await checkViewLimit(database.db, catalogue, shop, clock.now())).toBe(true);
    expect(await readViewLimit(database.db, shop.id)).toMatchObject({
      limitAccess: true,
      limitedAt,
      checkedAt: clock.now(),
      totalViews: FREE_VIEWS,
    });

    // July: a new period with no views yet.
    clock.set(new Date('2026-07-01T00:05:00Z'));
    expect(await checkViewLimit(database.db, catalogue, shop, clock.now())).toBe(false);
    expect(await readViewLimit(database.db, shop.id)).toMatchObject({
      periodStart: new Date('2026-07-01T00:00:00Z'),
      totalViews: 0,
      limitAccess: false,
      limitedAt: null,
    });
  });

  it('dates a limit reached in a new period from then, not from the old period', async () => {
    const shop = await newShop();
    await views(shop, '2026-05-03', FREE_VIEWS);
    await checkViewLimit(database.db, catalogue, shop, new Date('2026-05-20T00:00:00Z'));
    await views(shop, '2026-06-03', FREE_VIEWS);
    const now = clock.now();
    expect(await checkViewLimit(database.db, catalogue, shop, now)).toBe(true);
    expect(await readViewLimit(database.db, shop.id)).toMatchObject({
      periodStart: new Date('2026-06-01T00:00:00Z'),
      limitAccess: true,
      limitedAt: now,
    });
  });
});

describe('the job', () => {
  it('checks only the shop it is sent for', async () => {
    const named = await newShop();
    const busy = await newShop();
    await views(named, '2026-06-10', 5);
    await views(busy, '2026-06-10', 5);
    await viewLimitsJob.handler({ shopId: named.id }, ctx());
    expect((await readViewLimit(database.db, named.id))?.totalViews).toBe(5);
    expect(await readViewLimit(database.db, busy.id)).toBeUndefined();
  });

  it('checks the shops with views in the last 31 days, or a flag to clear, on its schedule', async () => {
    await database.db.delete(popclipViewLimits);
    const recent = await newShop();
    const edge = await newShop();
    const old = await newShop();
    const flagged = await newShop();
    const quiet = await newShop();
    // 31 days before 15 June is 15 May.
    await views(recent, '2026-06-14', 3);
    await views(edge, '2026-05-15', 4);
    await views(old, '2026-05-14', 4);
    const stale = new Date('2026-05-01T00:00:00Z');
    await database.db.insert(popclipViewLimits).values({
      shopId: flagged.id,
      periodStart: stale,
      maxViews: FREE_VIEWS,
      totalViews: FREE_VIEWS,
      limitAccess: true,
      limitedAt: stale,
      checkedAt: stale,
    });
    await database.db.insert(popclipViewLimits).values({
      shopId: quiet.id,
      periodStart: stale,
      maxViews: FREE_VIEWS,
      totalViews: 0,
      limitAccess: false,
      limitedAt: null,
      checkedAt: stale,
    });
    await viewLimitsJob.handler({}, ctx());
    const checked = async (owner: ShopRow) =>
      (await readViewLimit(database.db, owner.id))?.checkedAt.getTime() === clock.now().getTime();
    expect(await checked(recent)).toBe(true);
    expect(await checked(edge)).toBe(true);
    expect(await checked(old)).toBe(false);
    expect(await readViewLimit(database.db, old.id)).toBeUndefined();
    expect(await checked(flagged)).toBe(true);
    expect((await readViewLimit(database.db, flagged.id))?.limitAccess).toBe(false);
    expect(await checked(quiet)).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import { isUnlimited, normaliseLimit } from '@popstage/core/billing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  popclipDailyViews,
  popclipViewLimits,
  type ShopRow,
  storefrontEvents,
} from '../../db/schema';
import { insertActiveSubscription } from '../../test/billing';
import { committedCatalogue } from '../../test/catalogue';
import { createTestClock } from '../../test/clock';
import { createTestDatabase } from '../../test/database';
import { insertTestShop } from '../../test/rows';
import {
  overViewLimit,
  popclipsGating,
  readViewLimit,
  storedLimitApplies,
  viewLimitFacts,
  viewsSince,
} from './gating';

/**
 * Popclips gating in numbers, against a migrated database: which views count towards the
 * period (whole days from the daily totals, the start's own day from the counted views since
 * the start), when the limit is reached, when a stored flag still holds, and which shops are
 * exempt. The property test (views-period.property.test.ts) covers the period itself.
 */
/** The catalogue's unlimited (-1) and what the server keeps it as. */
const UNLIMITED = -1;
const UNLIMITED_INTERNAL = normaliseLimit(UNLIMITED);
const NOW = new Date('2026-06-15T18:00:00Z');
const clock = createTestClock(NOW);
const catalogue = committedCatalogue();
let database: Database;
let shop: ShopRow;
let other: ShopRow;
let exempt: ShopRow;

const newShop = (domain: string) => insertTestShop(database.db, domain);

async function daily(owner: ShopRow, day: string, views: number, clip = 'clip-1') {
  await database.db
    .insert(popclipDailyViews)
    .values({ shopId: owner.id, popclipId: clip, day, views });
}

async function counted(owner: ShopRow, receivedAt: string, type: 'view' | 'like' = 'view') {
  const at = new Date(receivedAt);
  await database.db.insert(storefrontEvents).values({
    shopId: owner.id,
    clipId: 'clip-1',
    type,
    visitorId: randomUUID(),
    occurredAt: at,
    receivedAt: at,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await newShop('demo-store.myshopify.com');
  other = await newShop('other-store.myshopify.com');
  exempt = await newShop('popstage-test-1.myshopify.com');
  // Shop: May's last day, June's days; the 15th also as counted events either side of 14:00.
  await daily(shop, '2026-05-31', 1000);
  await daily(shop, '2026-06-01', 10);
  await daily(shop, '2026-06-01', 5, 'clip-2');
  await daily(shop, '2026-06-14', 20);
  await daily(shop, '2026-06-15', 40);
  await daily(shop, '2026-06-16', 80);
  await counted(shop, '2026-06-15T13:59:59.999Z');
  await counted(shop, '2026-06-15T14:00:00Z');
  await counted(shop, '2026-06-15T17:00:00Z');
  await counted(shop, '2026-06-15T17:00:00Z', 'like');
  await counted(shop, '2026-06-16T00:00:00Z');
  // Another shop's views never count for this one.
  await daily(other, '2026-06-15', 7000);
  await counted(other, '2026-06-15T15:00:00Z');
});
afterAll(() => database?.close());

describe('views counted since the start of the period', () => {
  it('counts whole days from the daily totals when the period starts at midnight', async () => {
    expect(await viewsSince(database.db, shop.id, new Date('2026-06-01T00:00:00Z'))).toBe(
      10 + 5 + 20 + 40 + 80,
    );
    expect(await viewsSince(database.db, shop.id, new Date('2026-06-16T00:00:00Z'))).toBe(80);
    expect(await viewsSince(database.db, shop.id, new Date('2026-06-17T00:00:00Z'))).toBe(0);
  });

  it('counts the start’s own day from the views received since the start, later days whole', async () => {
    // From 14:00 on the 15th: the two views of that afternoon (not the like, not 13:59), and the
    // 16th's total; the 15th's daily total is the whole day's and is left out.
    expect(await viewsSince(database.db, shop.id, new Date('2026-06-15T14:00:00Z'))).toBe(2 + 80);
    expect(await viewsSince(database.db, shop.id, new Date('2026-06-15T13:59:59.999Z'))).toBe(
      3 + 80,
    );
    expect(await viewsSince(database.db, shop.id, new Date('2026-06-16T00:00:00.001Z'))).toBe(0);
  });

  it('counts nothing of another shop', async () => {
    expect(await viewsSince(database.db, other.id, new Date('2026-06-15T14:00:00Z'))).toBe(1);
    expect(await viewsSince(database.db, randomUUID(), new Date('2026-06-01T00:00:00Z'))).toBe(0);
  });
});

describe('the limit', () => {
  it('is reached at the limit itself, never when unlimited', () => {
    expect(isUnlimited(UNLIMITED_INTERNAL)).toBe(true);
    expect(overViewLimit(1000, 999)).toBe(false);
    expect(overViewLimit(1000, 1000)).toBe(true);
    expect(overViewLimit(1000, 1001)).toBe(true);
    expect(overViewLimit(UNLIMITED, 50_000_000)).toBe(false);
    expect(overViewLimit(UNLIMITED_INTERNAL, 50_000_000)).toBe(false);
    expect(overViewLimit(0, 0)).toBe(true);
  });

  it('is held by a stored flag only for the period and limit it was computed for', () => {
    const start = new Date('2026-06-01T00:00:00Z');
    const stored = { limitAccess: true, periodStart: start, maxViews: 1000 };
    const facts = { start, maxViews: 1000 };
    expect(storedLimitApplies(stored, facts)).toBe(true);
    expect(storedLimitApplies(undefined, facts)).toBe(false);
    expect(storedLimitApplies({ ...stored, limitAccess: false }, facts)).toBe(false);
    expect(storedLimitApplies(stored, { ...facts, start: new Date('2026-07-01T00:00:00Z') })).toBe(
      false,
    );
    expect(storedLimitApplies(stored, { ...facts, maxViews: 15_000 })).toBe(false);
    expect(
      storedLimitApplies(
        { ...stored, maxViews: UNLIMITED_INTERNAL },
        {
          start,
          maxViews: UNLIMITED_INTERNAL,
        },
      ),
    ).toBe(false);
  });
});

describe('popclips gating of a shop', () => {
  const gating = (owner: ShopRow, maxViews: number, activatedAt: Date | null = null) =>
    popclipsGating(
      { database, clock },
      {
        shop: owner,
        plan: {
          maxViews,
          subscription: activatedAt ? ({ activatedAt } as never) : null,
          popclipsAddon: null,
          popclipsLevel: 'free',
        },
      },
    );

  beforeEach(async () => {
    await database.db.delete(popclipViewLimits);
  });

  it('counts the calendar month without a subscription, and is limited from the limit on', async () => {
    const total = 10 + 5 + 20 + 40 + 80;
    expect(await gating(shop, total + 1)).toEqual({
      maxViews: total + 1,
      totalViews: total,
      limitAccess: false,
      startDateOfViewsCount: '2026-06-01T00:00:00.000Z',
      typeOfDate: 'calendar_month',
    });
    expect((await gating(shop, total)).limitAccess).toBe(true);
    expect((await gating(shop, UNLIMITED_INTERNAL)).limitAccess).toBe(false);
  });

  it('counts the 30-day cycle of a subscription from its activation', async () => {
    const answer = await gating(shop, 100, new Date('2026-05-16T14:00:00Z'));
    // 30 days after 16 May 14:00 is 15 June 14:00.
    expect(answer).toMatchObject({
      startDateOfViewsCount: '2026-06-15T14:00:00.000Z',
      typeOfDate: 'subscription',
      totalViews: 2 + 80,
      limitAccess: false,
    });
  });

  it('holds a stored flag of the period and limit, and drops one of another period', async () => {
    const start = new Date('2026-06-01T00:00:00Z');
    const flag = {
      shopId: shop.id,
      periodStart: start,
      maxViews: 5000,
      totalViews: 5000,
      limitAccess: true,
      limitedAt: start,
      checkedAt: start,
    };
    await database.db.insert(popclipViewLimits).values(flag);
    expect((await readViewLimit(database.db, shop.id))?.limitAccess).toBe(true);
    expect((await gating(shop, 5000)).limitAccess).toBe(true);
    // A higher limit (an upgrade) or a new period clears it.
    expect((await gating(shop, 6000)).limitAccess).toBe(false);
    await database.db.delete(popclipViewLimits);
    await database.db
      .insert(popclipViewLimits)
      .values({ ...flag, periodStart: new Date('2026-05-01T00:00:00Z') });
    expect((await gating(shop, 5000)).limitAccess).toBe(false);
    expect(await readViewLimit(database.db, other.id)).toBeUndefined();
  });

  it('never limits the exempt test shops', async () => {
    expect(await gating(exempt, 0)).toMatchObject({ totalViews: 0, limitAccess: false });
  });
});

describe('the view limit facts of a shop', () => {
  it('reads the limit of the shop’s plan: the free add-on without a subscription', async () => {
    const facts = await viewLimitFacts(database.db, catalogue, shop, NOW);
    expect(facts).toEqual({
      start: new Date('2026-06-01T00:00:00Z'),
      typeOfDate: 'calendar_month',
      maxViews: 1000,
      totalViews: 10 + 5 + 20 + 40 + 80,
    });
  });

  it('reads the subscription’s add-on and cycle when there is one', async () => {
    const subscribed = await newShop('subscribed-store.myshopify.com');
    await insertActiveSubscription(database.db, {
      shopId: subscribed.id,
      addonIds: ['addon-popclips-basic'],
      subtotal: '29.99',
      total: '29.99',
      activatedAt: new Date('2026-06-10T00:00:00Z'),
    });
    await daily(subscribed, '2026-06-12', 300);
    expect(await viewLimitFacts(database.db, catalogue, subscribed, NOW)).toEqual({
      start: new Date('2026-06-10T00:00:00Z'),
      typeOfDate: 'subscription',
      maxViews: 15_000,
      totalViews: 300,
    });
  });
});

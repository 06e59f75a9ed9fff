import type { ClipInteraction, OrderInput, OrderLineInput } from '@popstage/core/analytics';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client';
import { orderAttributions, type ShopRow, storefrontEvents } from '../../db/schema';
import { createTestClock } from '../../test/clock';
import { createTestDatabase } from '../../test/database';
import { insertTestClip, insertTestShop } from '../../test/rows';
import { updateShop } from '../shop';
import { recordOrder } from './orders';

/**
 * recordOrder called directly against a migrated database (no app): what an order credits, from
 * which events, and what it refuses to trust. Written as an attacker would send orders: line
 * properties naming another shop's clip or an invented one, a visitor id shared with another
 * shop, the same order twice, test and cancelled orders, shops that are gone. The webhook route
 * around it is covered by attribution.test.ts; this file is the one mutation testing runs.
 */
const HOUR = 3_600_000;
const ORDERED_AT = new Date('2026-06-10T15:30:00Z');
const RECEIVED_AT = new Date('2026-06-10T15:31:07Z');
const clock = createTestClock(RECEIVED_AT);
const PRODUCT = 'gid://shopify/Product/1';
const OTHER_PRODUCT = 'gid://shopify/Product/2';
let database: Database;
let shopA: ShopRow;
let shopB: ShopRow;
let nextOrder = 1;
let nextLine = 1;

const deps = () => ({ database, clock });

const shop = (domain: string) => insertTestShop(database.db, domain);
const clip = (owner: ShopRow, id: string) => insertTestClip(database.db, owner.id, id, ORDERED_AT);

/** A storefront event of the visitor `hoursBefore` the order. */
async function event(
  owner: ShopRow,
  visitorId: string,
  hoursBefore: number,
  type: ClipInteraction['type'],
  clipId: string,
  productId: string | null = null,
) {
  const at = new Date(ORDERED_AT.getTime() - hoursBefore * HOUR);
  await database.db.insert(storefrontEvents).values({
    shopId: owner.id,
    clipId,
    type,
    visitorId,
    productId,
    occurredAt: at,
    receivedAt: at,
  });
}

const line = (spec: Partial<OrderLineInput> = {}): OrderLineInput => ({
  lineItemId: `line-${nextLine++}`,
  productId: PRODUCT,
  quantity: 1,
  revenueCents: 2500,
  clipId: null,
  ...spec,
});

const order = (spec: Partial<OrderInput> = {}): OrderInput => ({
  orderId: `order-${nextOrder++}`,
  name: '#1001',
  orderedAt: ORDERED_AT,
  currency: 'USD',
  totalCents: 10_000,
  visitorId: null,
  test: false,
  cancelled: false,
  lines: [line()],
  ...spec,
});

/** The credited lines as [clip, kind] per line, in the default 7-day window. */
const credits = (recorded: Awaited<ReturnType<typeof recordOrder>>) =>
  recorded.attributions.map((a) => [a.lineItemId, a.clipId, a.kind]);

/** The credited lines of an order in one attribution window. */
const creditsIn = async (owner: ShopRow, orderId: string, windowDays: number) =>
  (
    await database.db
      .select()
      .from(orderAttributions)
      .where(
        and(
          eq(orderAttributions.shopId, owner.id),
          eq(orderAttributions.orderId, orderId),
          eq(orderAttributions.windowDays, windowDays),
        ),
      )
      .orderBy(orderAttributions.lineItemId)
  ).map((a) => [a.lineItemId, a.clipId, a.kind]);

const dirtyHours = async (owner: ShopRow) =>
  (
    await queryRows<{ hour: Date }>(
      database.db,
      sql`select hour from analytics_dirty_hours where shop_id = ${owner.id} order by id`,
    )
  ).map((row) => new Date(row.hour).toISOString());

beforeAll(async () => {
  database = await createTestDatabase();
  shopA = await shop('demo-store.myshopify.com');
  shopB = await shop('other-store.myshopify.com');
  for (const id of ['clip-a1', 'clip-a2']) await clip(shopA, id);
  await clip(shopB, 'clip-b1');
});
afterAll(() => database?.close());

describe('recording an order', () => {
  it('stores it with its credited lines, the receiving time, and marks its hour for the rollup', async () => {
    await event(shopA, 'v-direct', 3, 'click', 'clip-a1', PRODUCT);
    const input = order({
      visitorId: 'v-direct',
      lines: [line({ lineItemId: 'd-1' }), line({ lineItemId: 'd-2', productId: null })],
    });
    const recorded = await recordOrder(deps(), shopA.shopifyDomain, input, 'shopify');
    expect(recorded.outcome).toBe('recorded');
    expect(recorded.order).toMatchObject({
      shopId: shopA.id,
      orderId: input.orderId,
      source: 'shopify',
      visitorId: 'v-direct',
      totalCents: 10_000,
      attributedCents: 2500,
      orderedAt: ORDERED_AT,
      receivedAt: RECEIVED_AT,
    });
    expect(credits(recorded)).toEqual([['d-1', 'clip-a1', 'direct']]);
    expect(await dirtyHours(shopA)).toContain('2026-06-10T15:00:00.000Z');
  });

  it('answers the order as first stored when it comes again, marking nothing again', async () => {
    await event(shopA, 'v-again', 2, 'add_to_cart', 'clip-a2', PRODUCT);
    const input = order({ visitorId: 'v-again', lines: [line({ lineItemId: 'again-1' })] });
    const first = await recordOrder(deps(), shopA.shopifyDomain, input, 'sandbox');
    const marked = (await dirtyHours(shopA)).length;
    // Sent again, with the visitor's later events and another total: still the first order.
    await event(shopA, 'v-again', 1, 'click', 'clip-a1', PRODUCT);
    const again = await recordOrder(
      deps(),
      shopA.shopifyDomain,
      { ...input, totalCents: 1 },
      'shopify',
    );
    expect(again.outcome).toBe('duplicate');
    expect(again.order).toEqual(first.order);
    expect(credits(again)).toEqual([['again-1', 'clip-a2', 'direct']]);
    expect(await dirtyHours(shopA)).toHaveLength(marked);
  });

  it('keeps the same order id of two shops apart', async () => {
    const input = order({ orderId: 'shared-order', lines: [line({ clipId: 'clip-a1' })] });
    const a = await recordOrder(deps(), shopA.shopifyDomain, input, 'shopify');
    const b = await recordOrder(
      deps(),
      shopB.shopifyDomain,
      { ...input, lines: [line({ clipId: 'clip-b1' })] },
      'shopify',
    );
    expect([a.outcome, b.outcome]).toEqual(['recorded', 'recorded']);
    expect(b.order?.shopId).toBe(shopB.id);
    expect(b.attributions.map((x) => x.clipId)).toEqual(['clip-b1']);
  });
});

describe('what an order is credited from', () => {
  it('reads the visitor’s events as far back as the widest window (30 days), per window', async () => {
    await event(shopA, 'v-month', 20 * 24, 'click', 'clip-a1', PRODUCT);
    await event(shopA, 'v-month', 3 * 24, 'like', 'clip-a2');
    await event(shopA, 'v-month', 30, 'view', 'clip-a1');
    const input = order({
      visitorId: 'v-month',
      lines: [line({ lineItemId: 'm-1' }), line({ lineItemId: 'm-2', productId: OTHER_PRODUCT })],
    });
    const recorded = await recordOrder(deps(), shopA.shopifyDomain, input, 'shopify');
    // 7 days: the click is too old; the like 3 days ago credits both lines indirectly.
    expect(credits(recorded)).toEqual([
      ['m-1', 'clip-a2', 'indirect'],
      ['m-2', 'clip-a2', 'indirect'],
    ]);
    expect(await creditsIn(shopA, input.orderId, 7)).toEqual(credits(recorded));
    // 30 days: the click 20 days ago credits its product directly.
    expect(await creditsIn(shopA, input.orderId, 30)).toEqual([
      ['m-1', 'clip-a1', 'direct'],
      ['m-2', 'clip-a2', 'indirect'],
    ]);
    // 1 day: only a view of the last day would count, and the view is 30 hours old.
    expect(await creditsIn(shopA, input.orderId, 1)).toEqual([]);
  });

  it('reads nothing older than 30 days, and nothing after the order', async () => {
    await event(shopA, 'v-old', 30 * 24 + 1, 'click', 'clip-a1', PRODUCT);
    await event(shopA, 'v-old', -1, 'click', 'clip-a2', PRODUCT);
    const input = order({ visitorId: 'v-old' });
    const recorded = await recordOrder(deps(), shopA.shopifyDomain, input, 'shopify');
    expect(recorded.outcome).toBe('recorded');
    expect(await creditsIn(shopA, input.orderId, 30)).toEqual([]);
    expect(recorded.order?.attributedCents).toBe(0);
  });

  it('reads exactly 30 days back (the window’s edge is inclusive)', async () => {
    await event(shopA, 'v-edge', 30 * 24, 'add_to_cart', 'clip-a2', PRODUCT);
    const input = order({ visitorId: 'v-edge', lines: [line({ lineItemId: 'edge-1' })] });
    await recordOrder(deps(), shopA.shopifyDomain, input, 'shopify');
    expect(await creditsIn(shopA, input.orderId, 30)).toEqual([['edge-1', 'clip-a2', 'direct']]);
  });

  it('never reads another shop’s events, even under the same visitor id', async () => {
    await event(shopB, 'v-shared', 1, 'click', 'clip-b1', PRODUCT);
    await event(shopB, 'v-shared', 1, 'view', 'clip-b1');
    const input = order({ visitorId: 'v-shared', lines: [line({ lineItemId: 's-1' })] });
    const recorded = await recordOrder(deps(), shopA.shopifyDomain, input, 'shopify');
    expect(credits(recorded)).toEqual([]);
    expect(await creditsIn(shopA, input.orderId, 30)).toEqual([]);
  });

  it('reads no events for an order without a visitor', async () => {
    await event(shopA, '', 1, 'click', 'clip-a1', PRODUCT);
    const recorded = await recordOrder(deps(), shopA.shopifyDomain, order(), 'shopify');
    expect(recorded.outcome).toBe('recorded');
    expect(credits(recorded)).toEqual([]);
  });
});

describe('the clip a line names (a property anyone can write)', () => {
  it('is trusted when it is one of the shop’s clips', async () => {
    const recorded = await recordOrder(
      deps(),
      shopA.shopifyDomain,
      order({
        lines: [
          line({ lineItemId: 'own-1', clipId: 'clip-a2' }),
          line({ lineItemId: 'own-2', productId: OTHER_PRODUCT }),
        ],
      }),
      'shopify',
    );
    expect(credits(recorded)).toEqual([['own-1', 'clip-a2', 'direct']]);
    expect(recorded.order?.attributedCents).toBe(2500);
  });

  it('is ignored when it is another shop’s clip or no clip at all', async () => {
    const recorded = await recordOrder(
      deps(),
      shopA.shopifyDomain,
      order({
        lines: [
          line({ lineItemId: 'forged-1', clipId: 'clip-b1' }),
          line({ lineItemId: 'forged-2', clipId: 'invented' }),
          line({ lineItemId: 'forged-3', clipId: 'clip-a1' }),
        ],
      }),
      'shopify',
    );
    expect(credits(recorded)).toEqual([['forged-3', 'clip-a1', 'direct']]);
    expect(await creditsIn(shopA, recorded.order?.orderId ?? '', 30)).toEqual([
      ['forged-3', 'clip-a1', 'direct'],
    ]);
  });

  it('falls back to the visitor’s events when the named clip is not trusted', async () => {
    await event(shopA, 'v-fallback', 2, 'view', 'clip-a1');
    const recorded = await recordOrder(
      deps(),
      shopA.shopifyDomain,
      order({ visitorId: 'v-fallback', lines: [line({ lineItemId: 'fb-1', clipId: 'clip-b1' })] }),
      'shopify',
    );
    expect(credits(recorded)).toEqual([['fb-1', 'clip-a1', 'influenced']]);
  });

  it('is trusted when the visitor’s own events name it (a clip deleted since)', async () => {
    // A view 30 hours ago credits nothing by itself (views count for 24 hours).
    await event(shopA, 'v-deleted', 30, 'view', 'clip-deleted');
    const recorded = await recordOrder(
      deps(),
      shopA.shopifyDomain,
      order({
        visitorId: 'v-deleted',
        lines: [
          line({ lineItemId: 'del-1', clipId: 'clip-deleted' }),
          line({ lineItemId: 'del-2', clipId: 'clip-never' }),
        ],
      }),
      'shopify',
    );
    expect(credits(recorded)).toEqual([['del-1', 'clip-deleted', 'direct']]);
  });
});

describe('orders that store nothing', () => {
  it('skips unknown, deactivated and uninstalled shops, test orders and cancelled ones', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select (select count(*)::int from storefront_orders) + (select count(*)::int from order_attributions) as n`,
        )
      )[0]?.n;
    const before = await count();
    const skip = (reason: string) => ({
      outcome: 'skipped',
      reason,
      order: null,
      attributions: [],
    });
    const lines = [line({ clipId: 'clip-a1' })];
    expect(await recordOrder(deps(), 'nobody.myshopify.com', order({ lines }), 'shopify')).toEqual(
      skip('unknown_shop'),
    );
    expect(
      await recordOrder(deps(), shopA.shopifyDomain, order({ lines, test: true }), 'shopify'),
    ).toEqual(skip('test_order'));
    expect(
      await recordOrder(deps(), shopA.shopifyDomain, order({ lines, cancelled: true }), 'shopify'),
    ).toEqual(skip('cancelled'));
    const gone = await shop('gone-store.myshopify.com');
    await clip(gone, 'clip-gone');
    await updateShop(database.db, gone.shopifyDomain, { uninstalledAt: ORDERED_AT });
    expect(
      await recordOrder(
        deps(),
        gone.shopifyDomain,
        order({ lines: [line({ clipId: 'clip-gone' })] }),
        'shopify',
      ),
    ).toEqual(skip('unknown_shop'));
    await updateShop(database.db, shopB.shopifyDomain, { featureFlags: { deactivate_shop: true } });
    try {
      expect(await recordOrder(deps(), shopB.shopifyDomain, order({ lines }), 'shopify')).toEqual(
        skip('unknown_shop'),
      );
    } finally {
      await updateShop(database.db, shopB.shopifyDomain, { featureFlags: {} });
    }
    expect(await count()).toBe(before);
  });
});

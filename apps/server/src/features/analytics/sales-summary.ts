import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnsEqual } from '../../db/conditions';
import { orderAttributions, storefrontOrders } from '../../db/schema';

/** Orders and Popclips-credited sales of a period in one currency; money in minor units. */
export interface SalesSummary {
  currency: string;
  /** Every order received. */
  orders: number;
  salesCents: number;
  /** Orders with at least one credited line. */
  attributedOrders: number;
  attributedCents: number;
  directCents: number;
  indirectCents: number;
  influencedCents: number;
}

/** Both drivers may answer a bigint sum as text. */
const count = (value: unknown) => Number(value ?? 0);

/**
 * Per currency (a shop can change its currency, and sums never mix currencies), for orders placed
 * in [from, to): two grouped scans on the (shop_id, ordered_at) indexes.
 */
export async function salesSummary(
  db: Db,
  shopId: string,
  from: Date,
  to: Date,
  /** The attribution window (days) whose credits are summed. */
  windowDays = 7,
): Promise<SalesSummary[]> {
  const [orders, credited] = await Promise.all([
    db
      .select({
        currency: storefrontOrders.currency,
        orders: sql<string>`count(*)`,
        salesCents: sql<string>`coalesce(sum(${storefrontOrders.totalCents}), 0)`,
      })
      .from(storefrontOrders)
      .where(
        and(
          eq(storefrontOrders.shopId, shopId),
          gte(storefrontOrders.orderedAt, from),
          lt(storefrontOrders.orderedAt, to),
        ),
      )
      .groupBy(storefrontOrders.currency),
    db
      .select({
        currency: orderAttributions.currency,
        attributedOrders: sql<string>`count(distinct ${orderAttributions.orderId})`,
        attributedCents: sql<string>`coalesce(sum(${orderAttributions.revenueCents}), 0)`,
        directCents: sql<string>`coalesce(sum(${orderAttributions.revenueCents}) filter (where ${orderAttributions.kind} = 'direct'), 0)`,
        indirectCents: sql<string>`coalesce(sum(${orderAttributions.revenueCents}) filter (where ${orderAttributions.kind} = 'indirect'), 0)`,
        influencedCents: sql<string>`coalesce(sum(${orderAttributions.revenueCents}) filter (where ${orderAttributions.kind} = 'influenced'), 0)`,
      })
      .from(orderAttributions)
      .where(
        and(
          columnsEqual(orderAttributions, { shopId, windowDays }),
          gte(orderAttributions.orderedAt, from),
          lt(orderAttributions.orderedAt, to),
        ),
      )
      .groupBy(orderAttributions.currency),
  ]);
  const byCurrency = new Map(credited.map((row) => [row.currency, row]));
  return orders
    .map((row) => {
      const credit = byCurrency.get(row.currency);
      return {
        currency: row.currency,
        orders: count(row.orders),
        salesCents: count(row.salesCents),
        attributedOrders: count(credit?.attributedOrders),
        attributedCents: count(credit?.attributedCents),
        directCents: count(credit?.directCents),
        indirectCents: count(credit?.indirectCents),
        influencedCents: count(credit?.influencedCents),
      };
    })
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

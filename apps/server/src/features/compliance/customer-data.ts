import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderAttributions,
  popclipLikes,
  storefrontEvents,
  storefrontOrders,
} from '../../db/schema';
import { findShop } from '../shop';

/**
 * What the app holds about a shop's customer. Nothing is keyed by Shopify's customer id, e-mail or
 * phone: the link is the order (storefront_orders, by the order ids Shopify names) and, through
 * its `visitor_id`, the random storefront visitor id whose events and likes the player recorded.
 */

export interface CustomerDataSummary {
  /** The named orders the app stored (ids), each with the line items credited to clips. */
  orders: { orderId: string; creditedLines: number }[];
  /** Storefront visitors those orders carried, and what they recorded. */
  visitors: number;
  events: number;
  likes: number;
}

export interface CustomerRedaction {
  orders: number;
  visitors: number;
  events: number;
  likes: number;
}

const NOTHING: CustomerRedaction = { orders: 0, visitors: 0, events: 0, likes: 0 };

/** customers/data_request: what would be sent to the merchant, counted (nothing is stored). */
export async function summarizeCustomerData(
  db: Db,
  shopDomain: string,
  orderIds: string[],
): Promise<CustomerDataSummary> {
  const shop = await findShop(db, shopDomain);
  if (!shop || orderIds.length === 0) return { orders: [], visitors: 0, events: 0, likes: 0 };
  const orders = await db
    .select({
      orderId: storefrontOrders.orderId,
      visitorId: storefrontOrders.visitorId,
      creditedLines: count(orderAttributions.lineItemId),
    })
    .from(storefrontOrders)
    .leftJoin(
      orderAttributions,
      and(
        eq(orderAttributions.shopId, storefrontOrders.shopId),
        eq(orderAttributions.orderId, storefrontOrders.orderId),
      ),
    )
    .where(and(eq(storefrontOrders.shopId, shop.id), inArray(storefrontOrders.orderId, orderIds)))
    .groupBy(storefrontOrders.orderId, storefrontOrders.visitorId)
    .orderBy(storefrontOrders.orderId);
  const visitors = visitorsOf(orders);
  const [events, likes] =
    visitors.length === 0
      ? [0, 0]
      : await Promise.all([
          countRows(db, storefrontEvents, shop.id, visitors),
          countRows(db, popclipLikes, shop.id, visitors),
        ]);
  return {
    orders: orders.map(({ orderId, creditedLines }) => ({ orderId, creditedLines })),
    visitors: visitors.length,
    events,
    likes,
  };
}

/**
 * customers/redact, in one transaction: the named orders of the shop lose their visitor id, and
 * that visitor's storefront events and likes in the shop are deleted. The orders' totals and
 * credited lines stay: they are the merchant's sales figures and, without the visitor, hold
 * nothing about the person (docs/decisions.md "Uninstall and privacy webhooks").
 */
export async function redactCustomerOrders(
  db: Db,
  shopDomain: string,
  orderIds: string[],
): Promise<CustomerRedaction> {
  const shop = await findShop(db, shopDomain);
  if (!shop || orderIds.length === 0) return NOTHING;
  return db.transaction(async (tx) => {
    const named = and(
      eq(storefrontOrders.shopId, shop.id),
      inArray(storefrontOrders.orderId, orderIds),
    );
    const orders = await tx
      .select({ visitorId: storefrontOrders.visitorId })
      .from(storefrontOrders)
      .where(named);
    const visitors = visitorsOf(orders);
    if (visitors.length === 0) return { ...NOTHING, orders: orders.length };
    await tx
      .update(storefrontOrders)
      .set({ visitorId: null })
      .where(and(named, isNotNull(storefrontOrders.visitorId)));
    const events = await tx
      .delete(storefrontEvents)
      .where(
        and(eq(storefrontEvents.shopId, shop.id), inArray(storefrontEvents.visitorId, visitors)),
      )
      .returning({ id: storefrontEvents.id });
    const likes = await tx
      .delete(popclipLikes)
      .where(and(eq(popclipLikes.shopId, shop.id), inArray(popclipLikes.visitorId, visitors)))
      .returning({ clipId: popclipLikes.clipId });
    return {
      orders: orders.length,
      visitors: visitors.length,
      events: events.length,
      likes: likes.length,
    };
  });
}

function visitorsOf(orders: { visitorId: string | null }[]): string[] {
  return [...new Set(orders.flatMap((order) => (order.visitorId ? [order.visitorId] : [])))];
}

async function countRows(
  db: Db,
  table: typeof storefrontEvents | typeof popclipLikes,
  shopId: string,
  visitors: string[],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.shopId, shopId), inArray(table.visitorId, visitors)));
  return row?.n ?? 0;
}

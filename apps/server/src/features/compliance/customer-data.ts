import { minorUnitsToAmount } from '@popstage/core/analytics';
import type { CustomerDataExport } from '@popstage/core/compliance';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderAttributions,
  popclipLikes,
  type ShopRow,
  storefrontEvents,
  storefrontOrders,
} from '../../db/schema';
import { findShop } from '../shop';

/**
 * What the app holds about a shop's customer. Nothing is keyed by Shopify's customer id, e-mail or
 * phone: the link is the order (storefront_orders, by the order ids Shopify names) and, through
 * its `visitor_id`, the random storefront visitor id whose events and likes the player recorded.
 */

export interface CustomerRedaction {
  orders: number;
  visitors: number;
  events: number;
  likes: number;
}

const NOTHING: CustomerRedaction = { orders: 0, visitors: 0, events: 0, likes: 0 };

/**
 * customers/data_request: everything the app holds for the named orders of the shop, as the
 * merchant's export: the orders with their credited line items, and the storefront events and
 * likes of the visitor those orders carried.
 */
export async function collectCustomerData(
  db: Db,
  shop: ShopRow,
  request: { dataRequestId: string | null; customerId: string | null; orderIds: string[] },
  receivedAt: Date,
): Promise<CustomerDataExport> {
  const orderIds = request.orderIds;
  const [orders, lines] = await Promise.all([
    db
      .select()
      .from(storefrontOrders)
      .where(and(eq(storefrontOrders.shopId, shop.id), inArray(storefrontOrders.orderId, orderIds)))
      .orderBy(storefrontOrders.orderId),
    db
      .select()
      .from(orderAttributions)
      .where(
        and(eq(orderAttributions.shopId, shop.id), inArray(orderAttributions.orderId, orderIds)),
      )
      .orderBy(
        orderAttributions.orderId,
        orderAttributions.windowDays,
        orderAttributions.lineItemId,
      ),
  ]);
  const visitors = visitorsOf(orders);
  const [events, likes] =
    visitors.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(storefrontEvents)
            .where(
              and(
                eq(storefrontEvents.shopId, shop.id),
                inArray(storefrontEvents.visitorId, visitors),
              ),
            )
            .orderBy(storefrontEvents.occurredAt, storefrontEvents.id),
          db
            .select()
            .from(popclipLikes)
            .where(and(eq(popclipLikes.shopId, shop.id), inArray(popclipLikes.visitorId, visitors)))
            .orderBy(popclipLikes.likedAt),
        ]);
  return {
    dataRequestId: request.dataRequestId,
    customerId: request.customerId,
    ordersRequested: request.orderIds,
    receivedAt: receivedAt.toISOString(),
    orders: orders.map((order) => ({
      orderId: order.orderId,
      name: order.name,
      orderedAt: order.orderedAt.toISOString(),
      currency: order.currency,
      total: minorUnitsToAmount(order.totalCents, order.currency),
      creditedLines: lines
        .filter((line) => line.orderId === order.orderId)
        .map((line) => ({
          lineItemId: line.lineItemId,
          productId: line.productId,
          clipId: line.clipId,
          kind: line.kind,
          attributionWindowDays: line.windowDays,
          quantity: line.quantity,
          revenue: minorUnitsToAmount(line.revenueCents, line.currency),
        })),
    })),
    storefrontActivity: {
      events: events.map((event) => ({
        type: event.type,
        clipId: event.clipId,
        productId: event.productId,
        occurredAt: event.occurredAt.toISOString(),
      })),
      likes: likes.map((like) => ({ clipId: like.clipId, likedAt: like.likedAt.toISOString() })),
    },
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

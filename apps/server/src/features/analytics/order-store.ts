import {
  type AttributionWindowDays,
  type ClipInteraction,
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  type LineAttribution,
  type OrderInput,
  type OrderSource,
} from '@popstage/core/analytics';
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnsEqual } from '../../db/conditions';
import { orderAttributions, popclips, storefrontEvents, storefrontOrders } from '../../db/schema';

export type StoredOrder = typeof storefrontOrders.$inferSelect;
export type StoredAttribution = typeof orderAttributions.$inferSelect;

/** An order as stored, with its credited line items (of the default 7-day window). */
export interface OrderWithAttributions {
  order: StoredOrder;
  attributions: StoredAttribution[];
}

/** The storefront events that can credit an order; impressions and unlikes never do. */
const CREDITING_TYPES = ['view', 'like', 'click', 'add_to_cart'] as const;
/** The newest interactions are the ones last touch needs; a runaway visitor is cut here. */
const INTERACTIONS_LIMIT = 1000;

/**
 * A visitor's crediting events of the shop in [since, until], newest first: one range scan of
 * storefront_events_visitor_idx (shop_id, visitor_id, occurred_at).
 */
export async function visitorInteractions(
  db: Db,
  shopId: string,
  visitorId: string,
  since: Date,
  until: Date,
): Promise<ClipInteraction[]> {
  return db
    .select({
      type: storefrontEvents.type,
      clipId: storefrontEvents.clipId,
      productId: storefrontEvents.productId,
      occurredAt: storefrontEvents.occurredAt,
    })
    .from(storefrontEvents)
    .where(
      and(
        columnsEqual(storefrontEvents, { shopId, visitorId }),
        gte(storefrontEvents.occurredAt, since),
        lte(storefrontEvents.occurredAt, until),
        inArray(storefrontEvents.type, [...CREDITING_TYPES]),
      ),
    )
    .orderBy(desc(storefrontEvents.occurredAt))
    .limit(INTERACTIONS_LIMIT);
}

/**
 * Stores the order and its credited lines in one transaction. An order stored before (the same
 * order delivered again) is left as it was and answered as stored: inserted is false.
 */
export async function insertOrder(
  db: Db,
  input: {
    shopId: string;
    source: OrderSource;
    order: OrderInput;
    /** The credited lines of each attribution window. */
    attributions: Map<AttributionWindowDays, LineAttribution[]>;
    receivedAt: Date;
    /** Writes what else the order owes in its transaction (the live fee's outbox row). */
    alsoWrite?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>;
  },
): Promise<OrderWithAttributions & { inserted: boolean }> {
  const { shopId, source, order, attributions, receivedAt, alsoWrite } = input;
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(storefrontOrders)
      .values({
        shopId,
        orderId: order.orderId,
        source,
        name: order.name,
        visitorId: order.visitorId,
        currency: order.currency,
        totalCents: order.totalCents,
        attributedCents: (attributions.get(DEFAULT_ATTRIBUTION_WINDOW_DAYS) ?? []).reduce(
          (sum, line) => sum + line.revenueCents,
          0,
        ),
        orderedAt: order.orderedAt,
        receivedAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!stored) {
      // A concurrent insert of the same order has committed by now (ON CONFLICT waits for it).
      const existing = await findOrderAttribution(tx, shopId, order.orderId);
      if (!existing) throw new Error(`order ${order.orderId} conflicted but cannot be read`);
      return { ...existing, inserted: false };
    }
    const rows = [...attributions].flatMap(([windowDays, lines]) =>
      lines.map((line) => ({ ...line, windowDays })),
    );
    const lines =
      rows.length === 0
        ? []
        : await tx
            .insert(orderAttributions)
            .values(
              rows.map((line) => ({
                shopId,
                windowDays: line.windowDays,
                orderId: order.orderId,
                lineItemId: line.lineItemId,
                productId: line.productId,
                clipId: line.clipId,
                kind: line.kind,
                quantity: line.quantity,
                revenueCents: line.revenueCents,
                currency: order.currency,
                orderedAt: order.orderedAt,
              })),
            )
            .returning();
    await alsoWrite?.(tx);
    return {
      order: stored,
      attributions: lines.filter((line) => line.windowDays === DEFAULT_ATTRIBUTION_WINDOW_DAYS),
      inserted: true,
    };
  });
}

/**
 * One order of the shop with its credited lines (ordered by line item id), or undefined; the
 * sandbox's order confirmation page reads it.
 */
export async function findOrderAttribution(
  db: Db,
  shopId: string,
  orderId: string,
): Promise<OrderWithAttributions | undefined> {
  const [order] = await db
    .select()
    .from(storefrontOrders)
    .where(columnsEqual(storefrontOrders, { shopId, orderId }));
  if (!order) return undefined;
  const attributions = await db
    .select()
    .from(orderAttributions)
    .where(
      columnsEqual(orderAttributions, {
        shopId,
        orderId,
        windowDays: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
      }),
    )
    .orderBy(orderAttributions.lineItemId);
  return { order, attributions };
}

/** The subset of ids that are clips of the shop. */
export async function knownClipIds(
  db: Db,
  shopId: string,
  clipIds: readonly string[],
): Promise<Set<string>> {
  if (clipIds.length === 0) return new Set();
  const rows = await db
    .select({ id: popclips.metaIdentifier })
    .from(popclips)
    .where(and(eq(popclips.shopId, shopId), inArray(popclips.metaIdentifier, [...clipIds])));
  return new Set(rows.map((row) => row.id));
}

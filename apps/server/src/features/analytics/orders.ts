import {
  ATTRIBUTION_WINDOW_DAYS,
  type AttributionWindowDays,
  attributeOrder,
  attributionLookbackHours,
  attributionWindowsFor,
  type ClipInteraction,
  type LineAttribution,
  type OrderInput,
  type OrderLineInput,
  type OrderSkipReason,
  type OrderSource,
} from '@popstage/core/analytics';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { storefrontShop } from '../shop';
import { findOrderLiveFee, type LiveFeeOutboxRow, writeLiveFee } from './live-fee-outbox-store';
import {
  findOrderAttribution,
  insertOrder,
  knownClipIds,
  type OrderWithAttributions,
  visitorInteractions,
} from './order-store';
import { markDirtyHours } from './rollup-store';

export type RecordedOrder =
  /** recorded: stored now; duplicate: stored before, answered as it was stored then. */
  | ({
      outcome: 'recorded' | 'duplicate';
      /** The order's live success fee (issue 32), stored with it; undefined when it owes none. */
      liveFee: LiveFeeOutboxRow | undefined;
    } & OrderWithAttributions)
  | { outcome: 'skipped'; reason: OrderSkipReason; order: null; attributions: [] };

const skipped = (reason: OrderSkipReason): RecordedOrder => ({
  outcome: 'skipped',
  reason,
  order: null,
  attributions: [],
});

/**
 * Records an order of the shop (Shopify's orders/create or the sandbox checkout) with its line
 * items credited to clips (docs/decisions.md "Sales attribution"). Idempotent per shop and order
 * id: an order id is the shop's own, so the same id under another shop (a delivery replayed under
 * that shop's header; the HMAC does not cover headers) neither blocks nor touches this shop's
 * order, and credits only that shop's clips through its own visitors' events (issue 28). Unknown, deactivated and uninstalled shops, test orders and orders cancelled on arrival
 * store nothing.
 */
export async function recordOrder(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  shopDomain: string,
  order: OrderInput,
  source: OrderSource,
): Promise<RecordedOrder> {
  const db = deps.database.db;
  const shop = await storefrontShop(db, shopDomain);
  if (!shop) return skipped('unknown_shop');
  if (order.test) return skipped('test_order');
  if (order.cancelled) return skipped('cancelled');

  // Every window a merchant can choose is computed now (Insights switches between them).
  const widest = attributionWindowsFor(
    Math.max(...ATTRIBUTION_WINDOW_DAYS) as AttributionWindowDays,
  );
  const since = new Date(order.orderedAt.getTime() - attributionLookbackHours(widest) * 3_600_000);
  const interactions = order.visitorId
    ? await visitorInteractions(db, shop.id, order.visitorId, since, order.orderedAt)
    : [];
  const lines = await trustedLineClips(db, shop.id, order.lines, interactions);
  const byWindow = new Map(
    ATTRIBUTION_WINDOW_DAYS.map((days) => [
      days,
      attributeOrder(
        { orderedAt: order.orderedAt, lines },
        interactions,
        attributionWindowsFor(days),
      ),
    ]),
  );
  const receivedAt = deps.clock.now();
  let liveFee: LiveFeeOutboxRow | undefined;
  const stored = await insertOrder(db, {
    shopId: shop.id,
    source,
    order,
    attributions: byWindow as Map<AttributionWindowDays, LineAttribution[]>,
    receivedAt,
    alsoWrite: async (tx) => {
      liveFee = await writeLiveFee(tx, shop.id, order, receivedAt);
    },
  });
  if (stored.inserted) await markDirtyHours(db, shop.id, [order.orderedAt]);
  return {
    outcome: stored.inserted ? 'recorded' : 'duplicate',
    order: stored.order,
    attributions: stored.attributions,
    // A redelivered order finds the fee its first delivery stored.
    liveFee: stored.inserted ? liveFee : await findOrderLiveFee(db, shop.id, order.orderId),
  };
}

/**
 * A line property is written by the storefront, so anyone can put any text there: it names a
 * clip only when that is one of the shop's clips, or one the visitor's own events name (a clip
 * deleted since).
 */
async function trustedLineClips(
  db: Db,
  shopId: string,
  lines: OrderLineInput[],
  interactions: ClipInteraction[],
): Promise<OrderLineInput[]> {
  const named = [...new Set(lines.flatMap((line) => (line.clipId ? [line.clipId] : [])))];
  if (named.length === 0) return lines;
  const trusted = await knownClipIds(db, shopId, named);
  for (const event of interactions) trusted.add(event.clipId);
  return lines.map((line) =>
    line.clipId && !trusted.has(line.clipId) ? { ...line, clipId: null } : line,
  );
}

/** An order as recorded, with its attributions (the operator's lookup, replay checks). */
export function orderAttribution(
  db: Db,
  shopId: string,
  orderId: string,
): Promise<OrderWithAttributions | undefined> {
  return findOrderAttribution(db, shopId, orderId);
}

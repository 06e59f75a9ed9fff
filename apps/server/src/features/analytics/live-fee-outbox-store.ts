import type { OrderInput } from '@popstage/core/analytics';
import { liveFeeOfOrder } from '@popstage/core/billing';
import type { Db } from '../../db/client';
import { columnsEqual } from '../../db/conditions';
import { liveFeeCharges } from '../../db/schema';

export type LiveFeeOutboxRow = typeof liveFeeCharges.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The live success fee's outbox (issue 32), the order side: an order whose lines were added to
 * cart from a live show or its replay (SHOW_LINE_PROPERTY) owes 5 % of those lines' revenue, and
 * its row is written in the order's own transaction, once per shop and order (a redelivered
 * webhook adds nothing). The billing area drains the outbox into Shopify usage charges.
 *
 * Trust: the line property is the shopper's browser's to write, so only well-formed show ids
 * count. Whatever show a line names, the fee is owed by the shop whose order it is: a line naming
 * another shop's show bills this shop for its own sale, never the other shop.
 */
export async function writeLiveFee(
  tx: Tx,
  shopId: string,
  order: Pick<OrderInput, 'orderId' | 'name' | 'currency' | 'orderedAt' | 'lines'>,
  receivedAt: Date,
): Promise<LiveFeeOutboxRow | undefined> {
  const fee = liveFeeOfOrder(
    order.lines.map((line) => ({
      showId: line.showId ?? null,
      revenueMinorUnits: line.revenueCents,
    })),
  );
  if (!fee) return undefined;
  const [row] = await tx
    .insert(liveFeeCharges)
    .values({
      shopId,
      orderId: order.orderId,
      orderName: order.name,
      showId: fee.showId,
      currency: order.currency,
      revenueMinorUnits: fee.revenueMinorUnits,
      feeMinorUnits: fee.feeMinorUnits,
      orderedAt: order.orderedAt,
      nextAttemptAt: receivedAt,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The order's fee as its first delivery stored it. */
export async function findOrderLiveFee(
  db: Db,
  shopId: string,
  orderId: string,
): Promise<LiveFeeOutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(liveFeeCharges)
    .where(columnsEqual(liveFeeCharges, { shopId, orderId }));
  return row;
}

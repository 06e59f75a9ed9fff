import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type ColumnValues, columnsEqual } from '../../db/conditions';
import { subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The shop's newest subscription (by `by`) with these column values. */
async function newestSubscription(
  db: Db,
  values: ColumnValues<typeof subscriptions> & { shopId: string },
  by: PgColumn,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(columnsEqual(subscriptions, values))
    .orderBy(desc(by))
    .limit(1);
  return row;
}

export const activeSubscription = (db: Db, shopId: string) =>
  newestSubscription(db, { shopId, status: 'ACTIVE' }, subscriptions.activatedAt);

/** The newest plan change proposed by Popstage and not yet accepted by the merchant. */
export const pendingProposal = (db: Db, shopId: string) =>
  newestSubscription(db, { shopId, status: 'PENDING', origin: 'company' }, subscriptions.createdAt);

export async function findSubscription(
  db: Db,
  shopId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(columnsEqual(subscriptions, { shopId, id }));
  return row;
}

export async function insertSubscription(
  db: Db | Tx,
  values: NewSubscription,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

export async function updateSubscription(
  db: Db | Tx,
  id: string,
  patch: Partial<NewSubscription>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set(patch)
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/**
 * Stores a created charge on a purchase still PENDING; undefined when it was ended meanwhile (a
 * newer purchase approved first closed it as unfinished: sync.ts), so its link is not handed out.
 */
export async function storeCharge(
  db: Db | Tx,
  id: string,
  charge: Pick<NewSubscription, 'platformSubscriptionId' | 'confirmationUrl'>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set(charge)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'PENDING')))
    .returning();
  return row;
}

export async function subscriptionsOf(tx: Db | Tx, shopId: string): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.shopId, shopId))
    .orderBy(desc(subscriptions.createdAt));
}

/** How many times a discount code has been redeemed (subscriptions that became active with it). */
export async function redemptionCount(db: Db | Tx, code: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.discountCode, code), isNotNull(subscriptions.activatedAt)));
  return row?.count ?? 0;
}

export async function endSubscriptions(
  tx: Db | Tx,
  ids: string[],
  status: 'REPLACED' | 'CANCELLED',
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(subscriptions).set({ status, endedAt: at }).where(inArray(subscriptions.id, ids));
}

/**
 * Ends every open subscription of the shop (active and pending) as cancelled: Shopify cancels an
 * app's charges when it is uninstalled, so none of them is still billed or can be approved.
 */
export async function cancelOpenSubscriptions(tx: Db | Tx, shopId: string, at: Date) {
  await tx
    .update(subscriptions)
    .set({ status: 'CANCELLED', endedAt: at })
    .where(
      and(eq(subscriptions.shopId, shopId), inArray(subscriptions.status, ['ACTIVE', 'PENDING'])),
    );
}

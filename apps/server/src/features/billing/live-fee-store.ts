import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveFeeCharges, shops } from '../../db/schema';

export type LiveFeeChargeRow = typeof liveFeeCharges.$inferSelect;
type NewLiveFeeCharge = typeof liveFeeCharges.$inferInsert;

export async function findLiveFeeCharge(db: Db, id: string): Promise<LiveFeeChargeRow | undefined> {
  const [row] = await db.select().from(liveFeeCharges).where(eq(liveFeeCharges.id, id));
  return row;
}

/** The shop's fees, newest order first. */
export function shopLiveFees(db: Db, shopId: string, limit: number): Promise<LiveFeeChargeRow[]> {
  return db
    .select()
    .from(liveFeeCharges)
    .where(eq(liveFeeCharges.shopId, shopId))
    .orderBy(desc(liveFeeCharges.orderedAt), desc(liveFeeCharges.createdAt))
    .limit(limit);
}

/**
 * Claims up to `limit` pending fees due for an attempt (oldest first): their next attempt moves
 * to `leaseUntil`, so the next sweep leaves them to the job queued now. SKIP LOCKED: two sweeps
 * at once claim different fees.
 */
export async function claimDueLiveFees(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<string[]> {
  const due = db
    .select({ id: liveFeeCharges.id })
    .from(liveFeeCharges)
    .where(and(eq(liveFeeCharges.status, 'pending'), lte(liveFeeCharges.nextAttemptAt, now)))
    .orderBy(liveFeeCharges.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(liveFeeCharges)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(liveFeeCharges.id, due))
    .returning({ id: liveFeeCharges.id });
  return claimed.map((row) => row.id);
}

/**
 * Ends a pending fee (charged or not billable); false when it was no longer pending (another
 * attempt ended it first), so an outcome is written once.
 */
export async function settleLiveFee(
  db: Db,
  id: string,
  patch: Pick<NewLiveFeeCharge, 'status' | 'reason' | 'usageRecordId' | 'chargedAt'>,
): Promise<boolean> {
  const ended = await db
    .update(liveFeeCharges)
    .set({ ...patch, lastError: null })
    .where(and(eq(liveFeeCharges.id, id), eq(liveFeeCharges.status, 'pending')))
    .returning({ id: liveFeeCharges.id });
  return ended.length > 0;
}

/** A failed attempt: counted, its error kept, the next one not before `next`. */
export async function recordLiveFeeFailure(
  db: Db,
  row: Pick<LiveFeeChargeRow, 'id' | 'attempts'>,
  error: string,
  next: Date,
): Promise<void> {
  await db
    .update(liveFeeCharges)
    .set({ attempts: row.attempts + 1, lastError: error.slice(0, 500), nextAttemptAt: next })
    .where(and(eq(liveFeeCharges.id, row.id), eq(liveFeeCharges.status, 'pending')));
}

/** The shop's domain by id; undefined for a shop gone (redacted). */
export async function shopDomainOf(db: Db, shopId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ domain: shops.shopifyDomain })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row?.domain;
}

import { and, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpSends, phoneChallenges, phoneVerifications, sellerAccounts } from '../../db/schema';

export type ChallengeRow = typeof phoneChallenges.$inferSelect;
export type VerificationRow = typeof phoneVerifications.$inferSelect;

/** The shop's challenge; another shop's id reads as absent. */
export async function findChallenge(
  db: Db,
  shopId: string,
  id: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneChallenges)
    .where(and(eq(phoneChallenges.shopId, shopId), eq(phoneChallenges.id, id)));
  return row;
}

export async function insertChallenge(
  db: Db,
  values: typeof phoneChallenges.$inferInsert,
): Promise<ChallengeRow> {
  const [row] = await db.insert(phoneChallenges).values(values).returning();
  if (!row) throw new Error('challenge insert returned nothing');
  return row;
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(phoneChallenges).where(eq(phoneChallenges.id, id));
}

/** Ends the shop's open challenges for the phone: only the newest code works. */
export async function expireOpenChallenges(
  db: Db,
  shopId: string,
  phone: string,
  now: Date,
): Promise<void> {
  await db
    .update(phoneChallenges)
    .set({ expiresAt: now })
    .where(
      and(
        eq(phoneChallenges.shopId, shopId),
        eq(phoneChallenges.phone, phone),
        isNull(phoneChallenges.verifiedAt),
        gt(phoneChallenges.expiresAt, now),
      ),
    );
}

/**
 * Puts a new code on the challenge if the resend wait is over, atomically (two concurrent
 * re-sends cannot both pass); answers the updated row, or nothing when it is too early or used.
 */
export async function replaceCode(
  db: Db,
  id: string,
  values: { codeHash: string; sentAt: Date; expiresAt: Date },
  resendAllowedBefore: Date,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(phoneChallenges)
    .set({ ...values, attempts: 0, sendCount: sql`${phoneChallenges.sendCount} + 1` })
    .where(
      and(
        eq(phoneChallenges.id, id),
        isNull(phoneChallenges.verifiedAt),
        lte(phoneChallenges.sentAt, resendAllowedBefore),
      ),
    )
    .returning();
  return row;
}

/** Puts a challenge back as it was (its re-send could not be delivered). */
export async function restoreChallenge(db: Db, row: ChallengeRow): Promise<void> {
  const { id, codeHash, attempts, sendCount, sentAt, expiresAt } = row;
  await db
    .update(phoneChallenges)
    .set({ codeHash, attempts, sendCount, sentAt, expiresAt })
    .where(eq(phoneChallenges.id, id));
}

/** Counts one attempt unless the code is used or out of attempts; answers the row after it. */
export async function countAttempt(
  db: Db,
  id: string,
  maxAttempts: number,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(phoneChallenges)
    .set({ attempts: sql`${phoneChallenges.attempts} + 1` })
    .where(
      and(
        eq(phoneChallenges.id, id),
        isNull(phoneChallenges.verifiedAt),
        lt(phoneChallenges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks the challenge used; false when another call used it first (no replay). */
export async function consumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(phoneChallenges)
    .set({ verifiedAt: now })
    .where(and(eq(phoneChallenges.id, id), isNull(phoneChallenges.verifiedAt)))
    .returning({ id: phoneChallenges.id });
  return rows.length === 1;
}

export async function recordSend(
  db: Db,
  values: { shopId: string; phone: string; ip: string; sentAt: Date },
): Promise<void> {
  await db.insert(otpSends).values(values);
}

/** Codes sent since `since` to the phone and from the IP, across every shop. */
export async function recentSends(
  db: Db,
  phone: string,
  ip: string,
  since: Date,
): Promise<{ phone: number; ip: number }> {
  const [row] = await db
    .select({
      phone: sql<number>`count(*) filter (where ${otpSends.phone} = ${phone})::int`,
      ip: sql<number>`count(*) filter (where ${otpSends.ip} = ${ip})::int`,
    })
    .from(otpSends)
    .where(gt(otpSends.sentAt, since));
  return { phone: row?.phone ?? 0, ip: row?.ip ?? 0 };
}

/** Records the verified phone; the uid is made once per shop and phone and kept after that. */
export async function upsertVerification(
  db: Db,
  values: { shopId: string; phone: string; uid: string; verifiedAt: Date },
): Promise<VerificationRow> {
  const [row] = await db
    .insert(phoneVerifications)
    .values(values)
    .onConflictDoUpdate({
      target: [phoneVerifications.shopId, phoneVerifications.phone],
      set: { verifiedAt: values.verifiedAt },
    })
    .returning();
  if (!row) throw new Error('verification upsert returned nothing');
  return row;
}

export async function findVerificationByUid(
  db: Db,
  shopId: string,
  uid: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.shopId, shopId), eq(phoneVerifications.uid, uid)));
  return row;
}

export async function latestVerification(
  db: Db,
  shopId: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.shopId, shopId))
    .orderBy(sql`${phoneVerifications.verifiedAt} desc`)
    .limit(1);
  return row;
}

/** Whether another shop's seller account holds the phone number. */
export async function phoneUsedElsewhere(db: Db, shopId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ shopId: sellerAccounts.shopId })
    .from(sellerAccounts)
    .where(and(eq(sellerAccounts.phone, phone), ne(sellerAccounts.shopId, shopId)))
    .limit(1);
  return row !== undefined;
}

import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSessions, operatorUsers } from '../../db/schema';

export type OperatorUserRow = typeof operatorUsers.$inferSelect;

export async function findOperatorByEmail(db: Db, email: string) {
  const [row] = await db.select().from(operatorUsers).where(eq(operatorUsers.email, email));
  return row;
}

export async function findOperatorById(db: Db, id: string) {
  const [row] = await db.select().from(operatorUsers).where(eq(operatorUsers.id, id));
  return row;
}

export function allOperators(db: Db): Promise<OperatorUserRow[]> {
  return db.select().from(operatorUsers).orderBy(operatorUsers.email);
}

export async function insertOperator(db: Db, values: typeof operatorUsers.$inferInsert) {
  const [row] = await db.insert(operatorUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateOperator(
  db: Db,
  id: string,
  patch: Partial<typeof operatorUsers.$inferInsert>,
) {
  const [row] = await db
    .update(operatorUsers)
    .set(patch)
    .where(eq(operatorUsers.id, id))
    .returning();
  return row;
}

export async function insertSession(db: Db, values: typeof operatorSessions.$inferInsert) {
  await db.insert(operatorSessions).values(values);
}

/** The session and its staff member while it has not expired. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: operatorSessions, user: operatorUsers })
    .from(operatorSessions)
    .innerJoin(operatorUsers, eq(operatorUsers.id, operatorSessions.userId))
    .where(eq(operatorSessions.tokenHash, tokenHash));
  return row && row.session.expiresAt > now ? row : undefined;
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
}

export async function deleteSessionsOf(db: Db, userId: string) {
  await db.delete(operatorSessions).where(eq(operatorSessions.userId, userId));
}

/**
 * Records the TOTP step of an accepted code, unless that step or a later one was accepted
 * before: true when the code may be used now.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operatorUsers)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(operatorUsers.id, userId),
        or(isNull(operatorUsers.lastTotpStep), lt(operatorUsers.lastTotpStep, step)),
      ),
    )
    .returning({ id: operatorUsers.id });
  return rows.length > 0;
}

/** Every session of the staff member but the one given (after a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string) {
  await db
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.userId, userId), ne(operatorSessions.tokenHash, keepTokenHash)));
}

import { eq } from 'drizzle-orm';
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

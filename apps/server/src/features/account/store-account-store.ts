import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storeAccounts } from '../../db/schema';

export type StoreAccountRow = typeof storeAccounts.$inferSelect;

export async function findStoreAccount(
  db: Db,
  shopId: string,
): Promise<StoreAccountRow | undefined> {
  const [row] = await db.select().from(storeAccounts).where(eq(storeAccounts.shopId, shopId));
  return row;
}

/** Whether another shop's store account uses the e-mail (compared lower-cased). */
export async function emailUsedElsewhere(
  db: Db,
  shopId: string,
  emailNormalised: string,
): Promise<boolean> {
  const [row] = await db
    .select({ shopId: storeAccounts.shopId })
    .from(storeAccounts)
    .where(
      and(eq(storeAccounts.emailNormalised, emailNormalised), ne(storeAccounts.shopId, shopId)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Requests the account: a new pending row, or a pending row's e-mail corrected. Answers null
 * when the e-mail's unique index says another shop took it meanwhile.
 */
export async function requestStoreAccount(
  db: Db,
  values: { shopId: string; email: string; emailNormalised: string; requestedAt: Date },
): Promise<StoreAccountRow | null> {
  try {
    const [row] = await db
      .insert(storeAccounts)
      .values({ ...values, status: 'pending' })
      .onConflictDoUpdate({
        target: storeAccounts.shopId,
        set: { email: values.email, emailNormalised: values.emailNormalised },
        setWhere: eq(storeAccounts.status, 'pending'),
      })
      .returning();
    return row ?? (await findStoreAccount(db, values.shopId)) ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string } | null) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs fn in a transaction holding the shop's row lock, so changes of one shop that must not
 * interleave (billing's, share links against their monthly limit) queue up.
 */
export async function withShopLock<T>(
  db: Db,
  shopId: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    return fn(tx);
  });
}

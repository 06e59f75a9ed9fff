import type { SellerPayload } from '@popstage/core/account';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellerAccounts, shops } from '../../db/schema';

export type SellerAccountRow = typeof sellerAccounts.$inferSelect;

export async function findSellerAccount(
  db: Db,
  shopId: string,
): Promise<SellerAccountRow | undefined> {
  const [row] = await db.select().from(sellerAccounts).where(eq(sellerAccounts.shopId, shopId));
  return row;
}

/**
 * Stores the created seller and flips the shop's flags in one transaction, so the shop never
 * shows popshopliveAccountCreated without its connection, or the reverse.
 */
export async function saveSellerAccount(
  db: Db,
  values: {
    shopId: string;
    sellerId: string;
    uid: string;
    phone: string;
    email: string;
    dashboardUrl: string;
    payload: SellerPayload;
    createdAt: Date;
  },
): Promise<SellerAccountRow> {
  return db.transaction(async (tx) => {
    await tx.insert(sellerAccounts).values(values).onConflictDoNothing({
      target: sellerAccounts.shopId,
    });
    const [row] = await tx
      .select()
      .from(sellerAccounts)
      .where(eq(sellerAccounts.shopId, values.shopId));
    if (!row) throw new Error('seller account vanished after insert');
    await tx
      .update(shops)
      .set({ popshopliveAccountCreated: true, dashboardUrl: row.dashboardUrl })
      .where(eq(shops.id, values.shopId));
    return row;
  });
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclipProductCounts } from '../../db/schema';

/** Products whose clip_count the app last set above 0. */
export async function writtenCountProducts(db: Db, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: popclipProductCounts.productId })
    .from(popclipProductCounts)
    .where(eq(popclipProductCounts.shopId, shopId));
  return rows.map((row) => row.productId);
}

/** After a successful write: the counts above 0 are what the shop's products now hold. */
export async function replaceWrittenCounts(
  db: Db,
  shopId: string,
  counts: Map<string, number>,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(popclipProductCounts).where(eq(popclipProductCounts.shopId, shopId));
    const rows = [...counts].map(([productId, clipCount]) => ({
      shopId,
      productId,
      clipCount,
      writtenAt: at,
    }));
    if (rows.length > 0) await tx.insert(popclipProductCounts).values(rows);
  });
}

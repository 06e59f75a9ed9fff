import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnsEqual } from '../../db/conditions';
import { popclipProductCounts, popclips } from '../../db/schema';

/**
 * Whether the product (GID) is tagged on one of the shop's clips the storefront feed can carry
 * (processed, public: showsOnProductPages), so a change of the product can change the counts.
 * One containment test per clip row of the shop, found through popclips_shop_created_idx.
 */
export async function productOnShownClips(
  db: Db,
  shopId: string,
  productId: string,
): Promise<boolean> {
  const tagged = JSON.stringify([{ shopifyProductId: productId }]);
  const [row] = await db
    .select({ id: popclips.id })
    .from(popclips)
    .where(
      and(
        columnsEqual(popclips, { shopId, status: 'processed', isPrivate: false }),
        sql`${popclips.products} @> ${tagged}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

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

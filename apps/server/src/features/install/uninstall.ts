import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ShopRow, shopifySessions, shops } from '../../db/schema';
import { cancelShopSubscriptions } from '../billing';

export type UninstallOutcome =
  /** Marked uninstalled now (or again: a replay under another webhook id changes nothing). */
  | 'uninstalled'
  /** An access token was exchanged after the event: the merchant reinstalled before it arrived. */
  | 'reinstalled_since'
  /** No shops row: the app never stored anything for the shop. */
  | 'unknown_shop';

/**
 * The app's side of an uninstall (app/uninstalled), in one transaction: the stored Shopify access
 * token goes (Shopify has revoked it, so nothing keeps calling with it); the shop is marked
 * uninstalled, which stops its storefront, share pages and order recording; its open subscriptions
 * end as Shopify cancels them; and the app_url metafield is marked unwritten, since Shopify deletes
 * an app's metafields. Clips and every other app data stay for a reinstall until shop/redact.
 */
export async function recordUninstall(db: Db, domain: string, at: Date): Promise<UninstallOutcome> {
  return db.transaction(async (tx) => {
    const [newer] = await tx
      .select({ createdAt: shopifySessions.createdAt })
      .from(shopifySessions)
      .where(and(eq(shopifySessions.shopDomain, domain), gt(shopifySessions.createdAt, at)));
    if (newer) {
      // A late delivery: the reinstall's app load may have found the metafield "written" already.
      await tx.update(shops).set({ appUrlMetafield: null }).where(eq(shops.shopifyDomain, domain));
      return 'reinstalled_since';
    }
    await tx.delete(shopifySessions).where(eq(shopifySessions.shopDomain, domain));
    const [row] = await tx
      .update(shops)
      .set({ uninstalledAt: at, appUrlMetafield: null })
      .where(eq(shops.shopifyDomain, domain))
      .returning({ id: shops.id });
    if (!row) return 'unknown_shop';
    await cancelShopSubscriptions(tx, row.id, at);
    return 'uninstalled';
  });
}

/**
 * Opening the app again reinstalls it: the shop is served again, and the app load that calls this
 * rewrites the app_url metafield (marked unwritten at the uninstall).
 */
export async function reinstallIfUninstalled(db: Db, row: ShopRow): Promise<ShopRow> {
  if (row.uninstalledAt === null) return row;
  const [updated] = await db
    .update(shops)
    .set({ uninstalledAt: null })
    .where(and(eq(shops.id, row.id), isNotNull(shops.uninstalledAt)))
    .returning();
  return updated ?? { ...row, uninstalledAt: null };
}

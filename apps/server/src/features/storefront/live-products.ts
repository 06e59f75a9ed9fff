import type { StorefrontProduct } from '@popstage/core/storefront';
import { and, eq, inArray } from 'drizzle-orm';
import { productSnapshots, type ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { PlatformProduct } from '../../platform/port';
import { rememberProducts } from './product-snapshot';
import { toStorefrontProduct } from './wire';

/**
 * The shop's products of these ids from the product snapshot the feed reads
 * (product-snapshot.ts), null for those Shopify no longer has. A show's products need not be
 * tagged on any clip, so the snapshot may not hold them (or its recount dropped them): those are
 * read from the platform once and remembered, so later readers use the snapshot (a show has at
 * most LIVE_SHOW_PRODUCTS_MAX products). Ids the platform cannot answer for now are absent.
 */
export async function snapshotOrFetchProducts(
  deps: Pick<AppDeps, 'database' | 'platform' | 'clock'>,
  shop: ShopRow,
  productIds: string[],
): Promise<Map<string, PlatformProduct | null>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const db = deps.database.db;
  const rows = await db
    .select({ productId: productSnapshots.productId, product: productSnapshots.product })
    .from(productSnapshots)
    .where(and(eq(productSnapshots.shopId, shop.id), inArray(productSnapshots.productId, ids)));
  // A row with a null product is a tombstone: Shopify no longer has it, so it is not asked again.
  const known = new Map<string, PlatformProduct | null>(
    rows.map((row) => [row.productId, row.product]),
  );
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    try {
      const found = await deps.platform.getProducts(shop.shopifyDomain, missing);
      await rememberProducts(db, shop.id, missing, found, deps.clock.now());
      for (const id of missing) known.set(id, null);
      for (const product of found) known.set(product.id, product);
    } catch {
      // The platform cannot answer now: those products stay unknown this time.
    }
  }
  return known;
}

/**
 * A live show's products as the storefront shows them (snapshotOrFetchProducts), in the show's
 * order; draft, archived, deleted and sold-out products left out.
 */
export async function liveShowProducts(
  deps: Pick<AppDeps, 'database' | 'platform' | 'clock'>,
  shop: ShopRow,
  productIds: string[],
): Promise<StorefrontProduct[]> {
  const known = await snapshotOrFetchProducts(deps, shop, productIds);
  return [...new Set(productIds)].flatMap((id) => {
    const product = known.get(id);
    if (product?.status !== 'ACTIVE') return [];
    return toStorefrontProduct({ defaultImage: null }, product, shop.primaryDomainUrl) ?? [];
  });
}

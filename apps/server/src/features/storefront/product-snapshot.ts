import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  carousels,
  collectionSnapshots,
  popclips,
  productSnapshots,
  type ShopRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { PlatformProduct } from '../../platform/port';

/**
 * The storefront's product snapshot (docs/decisions.md "Product snapshot"): the Shopify facts the
 * feed shows (title, price, stock, status, images) and which tagged products are in the
 * collections of collection carousels, copied when they can change (a clip tags products, a
 * carousel picks a collection, products/update and products/delete, the shop's recount job) so
 * no shopper's request waits on, or spends, the shop's Admin API rate limit.
 */

type SnapshotDeps = Pick<AppDeps, 'database' | 'platform' | 'clock'>;

/** The snapshot's live products of the given ids (tombstoned and never-copied ones are absent). */
export async function snapshotProducts(
  db: Db,
  shopId: string,
  ids: string[],
): Promise<PlatformProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ product: productSnapshots.product })
    .from(productSnapshots)
    .where(and(eq(productSnapshots.shopId, shopId), inArray(productSnapshots.productId, ids)));
  return rows.flatMap((row) => (row.product ? [row.product] : []));
}

/**
 * Stores what Shopify answered for these ids: the products found, and a tombstone for each id it
 * no longer has.
 */
export async function rememberProducts(
  db: Db,
  shopId: string,
  ids: string[],
  found: PlatformProduct[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const byId = new Map(found.map((product) => [product.id, product]));
  await db
    .insert(productSnapshots)
    .values(
      [...new Set(ids)].map((productId) => ({
        shopId,
        productId,
        product: byId.get(productId) ?? null,
        refreshedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [productSnapshots.shopId, productSnapshots.productId],
      set: { product: sql`excluded.product`, refreshedAt: sql`excluded.refreshed_at` },
    });
}

/** Shopify deleted the product (products/delete): a tombstone, and out of every collection. */
export async function forgetProduct(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  shopId: string,
  productId: string,
): Promise<void> {
  const db = deps.database.db;
  await rememberProducts(db, shopId, [productId], [], deps.clock.now());
  await db
    .update(collectionSnapshots)
    .set({ productIds: sql`${collectionSnapshots.productIds} - ${productId}::text` })
    .where(eq(collectionSnapshots.shopId, shopId));
}

/** Ids of the shop's tagged products, on clips of any state (a clip in processing goes live). */
async function taggedProductIds(db: Db, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ products: popclips.products })
    .from(popclips)
    .where(eq(popclips.shopId, shopId));
  return [...new Set(rows.flatMap((row) => row.products.map((p) => p.shopifyProductId)))].sort();
}

/** Collections shown by the shop's published collection carousels. */
async function carouselCollectionIds(db: Db, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ typeIds: carousels.typeIds })
    .from(carousels)
    .where(
      and(
        eq(carousels.shopId, shopId),
        eq(carousels.type, 'collection'),
        eq(carousels.isPublished, true),
      ),
    );
  return [...new Set(rows.flatMap((row) => row.typeIds.slice(0, 1)))];
}

/** Copies which of the given tagged products are in the collection. */
export async function refreshCollectionSnapshot(
  deps: SnapshotDeps,
  shop: ShopRow,
  collectionId: string,
  tagged?: string[],
): Promise<void> {
  const db = deps.database.db;
  const ids = tagged ?? (await taggedProductIds(db, shop.id));
  const inside =
    ids.length > 0
      ? await deps.platform.productsInCollection(shop.shopifyDomain, collectionId, ids)
      : [];
  const refreshedAt = deps.clock.now();
  await db
    .insert(collectionSnapshots)
    .values({ shopId: shop.id, collectionId, productIds: inside.sort(), refreshedAt })
    .onConflictDoUpdate({
      target: [collectionSnapshots.shopId, collectionSnapshots.collectionId],
      set: { productIds: inside, refreshedAt },
    });
}

/**
 * One product changed in Shopify (products/update): its facts, and whether it is in each
 * collection the snapshot follows, are read again.
 */
export async function refreshSnapshotProduct(
  deps: SnapshotDeps,
  shop: ShopRow,
  productId: string,
): Promise<void> {
  const db = deps.database.db;
  const found = await deps.platform.getProducts(shop.shopifyDomain, [productId]);
  await rememberProducts(db, shop.id, [productId], found, deps.clock.now());
  const followed = await db
    .select()
    .from(collectionSnapshots)
    .where(eq(collectionSnapshots.shopId, shop.id));
  for (const collection of followed) {
    const inside =
      found.length > 0
        ? await deps.platform.productsInCollection(shop.shopifyDomain, collection.collectionId, [
            productId,
          ])
        : [];
    const others = collection.productIds.filter((id) => id !== productId);
    await db
      .update(collectionSnapshots)
      .set({ productIds: [...others, ...inside].sort(), refreshedAt: deps.clock.now() })
      .where(
        and(
          eq(collectionSnapshots.shopId, shop.id),
          eq(collectionSnapshots.collectionId, collection.collectionId),
        ),
      );
  }
}

/**
 * Copies everything again (the shop's recount job): every tagged product, every collection of a
 * published collection carousel; rows nothing needs any more are dropped. A lost webhook or a
 * change Shopify sends none for heals here.
 */
export async function refreshStorefrontSnapshot(deps: SnapshotDeps, shop: ShopRow): Promise<void> {
  const db = deps.database.db;
  const tagged = await taggedProductIds(db, shop.id);
  const found =
    tagged.length > 0 ? await deps.platform.getProducts(shop.shopifyDomain, tagged) : [];
  await rememberProducts(db, shop.id, tagged, found, deps.clock.now());
  await db
    .delete(productSnapshots)
    .where(
      and(
        eq(productSnapshots.shopId, shop.id),
        tagged.length > 0 ? notInArray(productSnapshots.productId, tagged) : undefined,
      ),
    );
  const collections = await carouselCollectionIds(db, shop.id);
  for (const collectionId of collections) {
    await refreshCollectionSnapshot(deps, shop, collectionId, tagged);
  }
  await db
    .delete(collectionSnapshots)
    .where(
      and(
        eq(collectionSnapshots.shopId, shop.id),
        collections.length > 0
          ? notInArray(collectionSnapshots.collectionId, collections)
          : undefined,
      ),
    );
}

/** The tagged products the snapshot holds in the collection; null when it does not follow it yet. */
export async function snapshotCollectionProducts(
  db: Db,
  shopId: string,
  collectionId: string,
): Promise<string[] | null> {
  const [row] = await db
    .select({ productIds: collectionSnapshots.productIds })
    .from(collectionSnapshots)
    .where(
      and(
        eq(collectionSnapshots.shopId, shopId),
        eq(collectionSnapshots.collectionId, collectionId),
      ),
    );
  return row?.productIds ?? null;
}

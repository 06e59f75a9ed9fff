import { shopIsServed } from '@popstage/core/shop';
import { productPageClipCounts } from '@popstage/core/storefront';
import { eq } from 'drizzle-orm';
import { type ShopRow, shops } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/job';
import type { ProductClipCount } from '../../platform/port';
import { PRODUCT_CLIP_COUNTS_JOB, type ProductClipCountsData } from '../shop';
import { loadStorefrontData, refreshStorefrontSnapshot, toStorefrontClip } from '../storefront';
import { replaceWrittenCounts, writtenCountProducts } from './clip-counts-store';

/**
 * How many clips each product's page shows now: the feed's own clips (processed, public, newest
 * 200, live products only) through the widget's rule. A shop that is not served has no feed, so
 * its pages show none.
 */
async function currentCounts(ctx: JobContext, shop: ShopRow): Promise<Map<string, number>> {
  if (!shopIsServed(shop)) return new Map();
  const data = await loadStorefrontData(ctx, shop);
  const unsigned = async () => null;
  const clips = await Promise.all(data.clips.map((row) => toStorefrontClip(data, row, unsigned)));
  return productPageClipCounts(clips, data.settings);
}

/**
 * Copies the storefront's product snapshot again, then sets the clip_count metafield of every
 * product whose page shows clips, and 0 on the products that had a count and have none now
 * (deleted products left out: Shopify would refuse the batch). Every run writes all of them, so a
 * lost or undone write heals on the next one.
 */
export async function syncProductClipCounts(ctx: JobContext, shopId: string): Promise<void> {
  const db = ctx.database.db;
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  // Uninstalled: no token to write with; the reinstall's app load queues a run.
  if (!shop || shop.uninstalledAt !== null) return;
  await refreshStorefrontSnapshot(ctx, shop);
  const counts = await currentCounts(ctx, shop);
  const dropped = (await writtenCountProducts(db, shop.id)).filter((id) => !counts.has(id));
  const existing =
    dropped.length > 0 ? await ctx.platform.getProducts(shop.shopifyDomain, dropped) : [];
  const writes: ProductClipCount[] = [
    ...[...counts].map(([productId, count]) => ({ productId, count })),
    ...existing.map((product) => ({ productId: product.id, count: 0 })),
  ];
  await ctx.platform.setProductClipCounts(shop.shopifyDomain, writes);
  await replaceWrittenCounts(db, shop.id, counts, ctx.clock.now());
}

export const productClipCountsJob = defineJob<ProductClipCountsData>({
  name: PRODUCT_CLIP_COUNTS_JOB,
  handler: (data, ctx) => syncProductClipCounts(ctx, data.shopId),
  retryLimit: 5,
  expireInSeconds: 10 * 60,
});

import type { PopclipRow } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** Rewrites a shop's clip_count product metafields (clip-counts-job.ts). */
export const PRODUCT_CLIP_COUNTS_JOB = 'popclips.product-clip-counts';

export interface ProductClipCountsData {
  shopId: string;
}

/**
 * Queues a recount of the shop's product pages. While one is queued (not started yet), further
 * sends update it instead of adding another (an upsert on the shop's key), so a burst of edits
 * costs one run, plus one more if an edit lands while a run is under way.
 */
export async function queueProductClipCounts(
  deps: Pick<AppDeps, 'queue'>,
  shopId: string,
): Promise<void> {
  await deps.queue.upsert(PRODUCT_CLIP_COUNTS_JOB, { shopId } satisfies ProductClipCountsData, {
    singletonKey: shopId,
  });
}

/** A clip the storefront feed carries: editing or deleting it can change product-page counts. */
export function showsOnProductPages(row: PopclipRow): boolean {
  return row.status === 'processed' && !row.isPrivate;
}

/** Whether an edit changed what the counts read: the tagged products or the display targets. */
export function productPagesDiffer(before: PopclipRow, after: PopclipRow): boolean {
  const products = (row: PopclipRow) => row.products.map((p) => p.shopifyProductId).join(' ');
  return (
    products(before) !== products(after) ||
    before.displayTargets.join(' ') !== after.displayTargets.join(' ')
  );
}

import type { AppDeps } from '../../deps';

/**
 * Rewrites a shop's clip_count product metafields (features/popclips/clip-counts-job.ts). The
 * queue sits here, in the bottom layer, because clip edits, settings, the app load and staff all
 * ask for a recount.
 */
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

import { isDeepStrictEqual } from 'node:util';
import { analyticsContract } from '@popstage/core/analytics';
import { shopContract, shopIsServed } from '@popstage/core/shop';
import { STOREFRONT_PREFIX, type StorefrontPositions } from '@popstage/core/storefront';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type PopclipRow, type ShopRow, shops } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { defineJob, type JobContext } from '../../jobs/job';
import { holdoutPercent } from '../analytics';
import { loadStorefrontData, type StorefrontDeps, storefrontPositions } from './data';

/**
 * The featured bubble the app embed builds from the page's head (extensions/popstage/blocks/app-embed.liquid),
 * so its loop is asked for as the head is parsed rather than after the loader and the feed
 * (issue 29 point 4): an app-data metafield the app keeps equal to the feed's featured clip.
 * - Its loop is the app's own stable URL for the clip and its processing (loop.ts): signed media
 *   URLs last 6 hours, and a metafield is not rewritten every few hours for every shop.
 * - `{}` (nothing drawn) while there is no featured clip with a loop, a holdout test runs (the
 *   player decides then who sees anything) or the shop is not served; the loader also drops a
 *   rendered bubble the feed does not confirm, so a metafield a moment behind never misleads.
 * - Written by the job below, queued by the writes that can change it: the featured clip chosen,
 *   edited, deleted or processed (the popclips area), a featured position saved or the holdout
 *   test changed (BUBBLE_WRITES, from feed-cache.ts's hook), and each app load of a shop with a
 *   featured clip (a reinstall: Shopify deleted it; a plan change moved the positions). The job
 *   reads the metafield first and writes only what changed.
 */
const FEATURED_BUBBLE_METAFIELD = {
  namespace: 'popstage',
  key: 'featured_bubble',
  type: 'json',
} as const;

/** What app-embed.liquid reads (snake_case, as Liquid's own names are). */
interface FeaturedBubble {
  /** The clip's metaIdentifier: the loader keeps the bubble only when the feed features it. */
  clip: string;
  title: string;
  /** The loop's path on the app's origin (the embed prefixes the app_url metafield). */
  loop: string;
  /** Where the viewer's files and posters come from: the embed preconnects to it. */
  media_origin: string | null;
  positions: StorefrontPositions['featured'];
}

/** The version of a clip's loop in its stable URL: a new processing makes a new URL. */
export function loopVersion(row: Pick<PopclipRow, 'processedAt'>): string {
  return (row.processedAt?.getTime() ?? 0).toString(36);
}

/** The stable path of a clip's loop on the app (the storefront contract's `loop` route). */
function loopPath(shop: Pick<ShopRow, 'shopifyDomain'>, row: PopclipRow): string {
  const shopPart = encodeURIComponent(shop.shopifyDomain);
  const clip = encodeURIComponent(row.metaIdentifier);
  return `${STOREFRONT_PREFIX}/shops/${shopPart}/clips/${clip}/loop?v=${loopVersion(row)}`;
}

/** The bubble the shop's pages should draw now; null for none. */
async function featuredBubbleOf(
  deps: StorefrontDeps,
  shop: ShopRow,
): Promise<FeaturedBubble | null> {
  if (!shopIsServed(shop) || !shop.featuredPopclipId) return null;
  const [data, holdout] = await Promise.all([
    loadStorefrontData(deps, shop),
    holdoutPercent(deps, shop.id),
  ]);
  if (holdout > 0) return null;
  // The feed's featured clip: processed, public, among the clips the feed carries.
  const row = data.clips.find((clip) => clip.metaIdentifier === shop.featuredPopclipId);
  if (!row?.loopKey) return null;
  const mediaKey = row.renditions[0]?.key ?? row.playableKey ?? row.loopKey;
  const signed = await deps.media.createSignedDownloadUrl(mediaKey, { expiresIn: 60 });
  return {
    clip: row.metaIdentifier,
    title: row.title,
    loop: loopPath(shop, row),
    media_origin: new URL(signed.url).origin,
    positions: storefrontPositions(shop, data.level).featured,
  };
}

const parsed = (value: string | null): unknown => {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

/**
 * Makes the shop's featured_bubble metafield the bubble its pages should draw: read first, written
 * only when it differs (a shop without one that should draw none is left without). Uninstalled
 * shops are skipped: Shopify deleted the app's metafields, and the reinstall's app load queues
 * this again.
 */
async function syncFeaturedBubble(ctx: JobContext, shop: ShopRow): Promise<void> {
  if (shop.uninstalledAt !== null) return;
  const bubble = (await featuredBubbleOf(ctx, shop)) ?? {};
  const { namespace, key, type } = FEATURED_BUBBLE_METAFIELD;
  const current = parsed(await ctx.platform.appDataMetafield(shop.shopifyDomain, namespace, key));
  if (isDeepStrictEqual(current, bubble) || (current === null && !('clip' in bubble))) return;
  await ctx.platform.setAppDataMetafields(shop.shopifyDomain, [
    { namespace, key, type, value: JSON.stringify(bubble) },
  ]);
}

const FEATURED_BUBBLE_JOB = 'storefront.featured-bubble';

/**
 * The writes of areas below this one that can change the featured bubble: a featured position
 * saved, the holdout test started or stopped (the popclips area, above, queues its own: the
 * featured clip chosen, edited or deleted, processed).
 */
const BUBBLE_WRITES = new Set(
  [shopContract.saveInfo, analyticsContract.setHoldout].map(
    (route) => `${route.method} ${route.path}`,
  ),
);
const POSITION_KEYS = new Set([
  'featured_popclip_position_mobile_web',
  'featured_popclip_position_mobile_app',
]);

/** Whether a (successful) request was one of BUBBLE_WRITES (a shop-info write: a position). */
export function changesFeaturedBubble(request: FastifyRequest): boolean {
  const contract = request.routeOptions.config.contract;
  if (!contract || !BUBBLE_WRITES.has(`${contract.method} ${contract.path}`)) return false;
  const key = (request.body as { key?: unknown } | undefined)?.key;
  return contract !== shopContract.saveInfo || POSITION_KEYS.has(String(key));
}

/** The shop by its id or its myshopify domain (the writes that queue a sync know one of them). */
export type FeaturedBubbleJobData = { shopId: string } | { shopDomain: string };

/**
 * Queues a sync of the shop's featured_bubble metafield. While one is queued (not started yet),
 * further sends update it instead of adding another, so a burst of writes costs one run. A failure
 * to queue is logged, never thrown: the write that asked has succeeded, and the next one retries.
 */
export async function queueFeaturedBubble(
  deps: Pick<AppDeps, 'queue'>,
  shop: FeaturedBubbleJobData,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const singletonKey = 'shopId' in shop ? shop.shopId : shop.shopDomain;
  try {
    await deps.queue.upsert(FEATURED_BUBBLE_JOB, shop, { singletonKey });
  } catch (error) {
    log?.warn({ err: error, shop: singletonKey }, 'queueing the featured bubble sync failed');
  }
}

/** Queues the sync when `clipId` is the shop's featured clip (the end of its processing). */
export async function queueFeaturedBubbleIfFeatured(
  deps: Pick<AppDeps, 'queue' | 'database'>,
  shopId: string,
  clipId: string,
): Promise<void> {
  const [shop] = await deps.database.db
    .select({ featured: shops.featuredPopclipId })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (shop?.featured === clipId) await queueFeaturedBubble(deps, { shopId });
}

export const featuredBubbleJob = defineJob<FeaturedBubbleJobData>({
  name: FEATURED_BUBBLE_JOB,
  handler: async (data, ctx) => {
    const [shop] = await ctx.database.db
      .select()
      .from(shops)
      .where(
        'shopId' in data ? eq(shops.id, data.shopId) : eq(shops.shopifyDomain, data.shopDomain),
      );
    if (shop) await syncFeaturedBubble(ctx, shop);
  },
  retryLimit: 5,
  expireInSeconds: 5 * 60,
});

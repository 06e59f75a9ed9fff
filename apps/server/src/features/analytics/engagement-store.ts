import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclipDailyViews, popclipLikes } from '../../db/schema';

/** What shoppers did with each clip, as the admin's clip lists and Insights show it. */

/** All-time views per clip (metaIdentifier) from the daily rollup; missing clips have none. */
export async function clipViewCounts(
  db: Db,
  shopId: string,
  clipIds: readonly string[],
): Promise<Map<string, number>> {
  if (clipIds.length === 0) return new Map();
  const rows = await db
    .select({
      clipId: popclipDailyViews.popclipId,
      views: sql<number>`coalesce(sum(${popclipDailyViews.views}), 0)::int`,
    })
    .from(popclipDailyViews)
    .where(
      and(eq(popclipDailyViews.shopId, shopId), inArray(popclipDailyViews.popclipId, [...clipIds])),
    )
    .groupBy(popclipDailyViews.popclipId);
  return new Map(rows.map((row) => [row.clipId, Number(row.views)]));
}

/** Likes per clip (metaIdentifier). */
export async function clipLikeCounts(
  db: Db,
  shopId: string,
  clipIds: readonly string[],
): Promise<Map<string, number>> {
  if (clipIds.length === 0) return new Map();
  const rows = await db
    .select({ clipId: popclipLikes.clipId, likes: count() })
    .from(popclipLikes)
    .where(and(eq(popclipLikes.shopId, shopId), inArray(popclipLikes.clipId, [...clipIds])))
    .groupBy(popclipLikes.clipId);
  return new Map(rows.map((row) => [row.clipId, Number(row.likes)]));
}

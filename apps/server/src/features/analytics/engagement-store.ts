import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclipDailyViews, popclipLikes } from '../../db/schema';

/** What shoppers did with each clip, as the admin's clip lists and Insights show it. */

/** One figure per clip (metaIdentifier) of `clipIds`, read grouped by clip; clips without any are absent. */
async function perClip(
  clipIds: readonly string[],
  read: (ids: string[]) => Promise<{ clipId: string; total: number }[]>,
): Promise<Map<string, number>> {
  if (clipIds.length === 0) return new Map();
  const rows = await read([...clipIds]);
  return new Map(rows.map((row) => [row.clipId, Number(row.total)]));
}

/** All-time views per clip from the daily rollup. */
export const clipViewCounts = (db: Db, shopId: string, clipIds: readonly string[]) =>
  perClip(clipIds, (ids) =>
    db
      .select({
        clipId: popclipDailyViews.popclipId,
        total: sql<number>`coalesce(sum(${popclipDailyViews.views}), 0)::int`,
      })
      .from(popclipDailyViews)
      .where(and(eq(popclipDailyViews.shopId, shopId), inArray(popclipDailyViews.popclipId, ids)))
      .groupBy(popclipDailyViews.popclipId),
  );

/** Likes per clip. */
export const clipLikeCounts = (db: Db, shopId: string, clipIds: readonly string[]) =>
  perClip(clipIds, (ids) =>
    db
      .select({ clipId: popclipLikes.clipId, total: count() })
      .from(popclipLikes)
      .where(and(eq(popclipLikes.shopId, shopId), inArray(popclipLikes.clipId, ids)))
      .groupBy(popclipLikes.clipId),
  );

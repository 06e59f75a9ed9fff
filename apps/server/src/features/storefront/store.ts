import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  popclipDailyViews,
  popclipLikes,
  popclips,
  popclipViewLimits,
  storefrontEvents,
} from '../../db/schema';
import { type BatchPlan, viewDedupeSince } from './batch';

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

/** The clips a visitor likes (of clips that still exist). */
export async function likedClipIds(db: Db, shopId: string, visitorId: string): Promise<string[]> {
  const rows = await db
    .select({ clipId: popclipLikes.clipId })
    .from(popclipLikes)
    .innerJoin(
      popclips,
      and(
        eq(popclips.shopId, popclipLikes.shopId),
        eq(popclips.metaIdentifier, popclipLikes.clipId),
      ),
    )
    .where(and(eq(popclipLikes.shopId, shopId), eq(popclipLikes.visitorId, visitorId)))
    .orderBy(popclipLikes.likedAt)
    .limit(1000);
  return rows.map((row) => row.clipId);
}

/** The subset of ids that are clips of the shop. */
export async function knownClipIds(
  db: Db,
  shopId: string,
  clipIds: readonly string[],
): Promise<Set<string>> {
  if (clipIds.length === 0) return new Set();
  const rows = await db
    .select({ id: popclips.metaIdentifier })
    .from(popclips)
    .where(and(eq(popclips.shopId, shopId), inArray(popclips.metaIdentifier, [...clipIds])));
  return new Set(rows.map((row) => row.id));
}

export interface StoredBatch {
  /** Views counted (stored and added to the rollup). */
  countedViews: number;
  /** The shop's view-limit row after the batch: undefined when the job has not made one yet. */
  limit: { totalViews: number; maxViews: number; limitAccess: boolean } | undefined;
}

/**
 * Stores one batch in one transaction, set-based: one INSERT for the other events, one statement
 * that inserts the views not seen within the dedupe window and adds them to the daily rollup,
 * one INSERT and one DELETE for likes, one UPDATE of the running view total.
 */
export async function storeBatch(
  db: Db,
  input: {
    shopId: string;
    visitorId: string;
    sessionId: string | null;
    plan: BatchPlan;
    now: Date;
  },
): Promise<StoredBatch> {
  const { shopId, visitorId, sessionId, plan, now } = input;
  return db.transaction(async (tx) => {
    // One visitor's batches of a shop go one at a time: two in flight could otherwise both pass
    // the view dedupe before either commits, counting a view twice. Other visitors never wait.
    if (plan.views.length > 0 || plan.likes.size > 0) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${shopId}), hashtext(${visitorId}))`,
      );
    }
    if (plan.others.length > 0) {
      await tx.insert(storefrontEvents).values(
        plan.others.map((event) => ({
          shopId,
          clipId: event.clipId,
          type: event.type,
          visitorId,
          sessionId,
          productId: event.productId,
          occurredAt: event.occurredAt,
          receivedAt: now,
        })),
      );
    }

    let countedViews = 0;
    if (plan.views.length > 0) {
      const candidates = JSON.stringify(
        plan.views.map((event) => ({
          clip_id: event.clipId,
          product_id: event.productId,
          occurred_at: event.occurredAt.toISOString(),
        })),
      );
      const nowIso = now.toISOString();
      const [row] = await queryRows<{ counted: number }>(
        tx,
        sql`with candidate as (
              select * from jsonb_to_recordset(${candidates}::jsonb)
                as v(clip_id text, product_id text, occurred_at timestamptz)
            ), counted as (
              insert into storefront_events
                (shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at)
              select ${shopId}::uuid, c.clip_id, 'view', ${visitorId}, ${sessionId}, c.product_id,
                     c.occurred_at, ${nowIso}::timestamptz
              from candidate c
              where not exists (
                select 1 from storefront_events e
                where e.shop_id = ${shopId}::uuid and e.type = 'view'
                  and e.visitor_id = ${visitorId} and e.clip_id = c.clip_id
                  and e.received_at > ${viewDedupeSince(now).toISOString()}::timestamptz
              )
              returning clip_id
            ), rolled as (
              insert into popclip_daily_views (shop_id, popclip_id, day, views)
              select ${shopId}::uuid, clip_id, ${nowIso.slice(0, 10)}::date, count(*)::int
              from counted group by clip_id
              on conflict (shop_id, popclip_id, day)
              do update set views = popclip_daily_views.views + excluded.views
              returning views
            )
            select (select count(*) from counted)::int as counted,
                   (select count(*) from rolled)::int as rolled`,
      );
      countedViews = Number(row?.counted ?? 0);
    }

    const liked = [...plan.likes].filter(([, like]) => like).map(([clipId]) => clipId);
    const unliked = [...plan.likes].filter(([, like]) => !like).map(([clipId]) => clipId);
    if (liked.length > 0) {
      await tx
        .insert(popclipLikes)
        .values(liked.map((clipId) => ({ shopId, clipId, visitorId, likedAt: now })))
        .onConflictDoNothing();
    }
    if (unliked.length > 0) {
      await tx
        .delete(popclipLikes)
        .where(
          and(
            eq(popclipLikes.shopId, shopId),
            eq(popclipLikes.visitorId, visitorId),
            inArray(popclipLikes.clipId, unliked),
          ),
        );
    }

    let limit: StoredBatch['limit'];
    if (countedViews > 0) {
      [limit] = await tx
        .update(popclipViewLimits)
        .set({ totalViews: sql`${popclipViewLimits.totalViews} + ${countedViews}` })
        .where(eq(popclipViewLimits.shopId, shopId))
        .returning({
          totalViews: popclipViewLimits.totalViews,
          maxViews: popclipViewLimits.maxViews,
          limitAccess: popclipViewLimits.limitAccess,
        });
    }
    return { countedViews, limit };
  });
}

/** Views and likes of each clip, for the admin's clip answers. */
export async function clipCounts(
  db: Db,
  shopId: string,
  clipIds: readonly string[],
): Promise<Map<string, { views: number; likes: number }>> {
  const [views, likes] = await Promise.all([
    clipViewCounts(db, shopId, clipIds),
    clipLikeCounts(db, shopId, clipIds),
  ]);
  return new Map(
    clipIds.map((id) => [id, { views: views.get(id) ?? 0, likes: likes.get(id) ?? 0 }]),
  );
}

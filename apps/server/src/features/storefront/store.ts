import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { popclipLikes, popclips } from '../../db/schema';
import type { AddressCaps } from './address-caps';
import { type BatchPlan, viewDedupeSince } from './batch';

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

export interface StoredBatch {
  /** The batch as planned from its events of the shop's clips (others are rejected). */
  plan: BatchPlan;
  /** Views counted (stored and added to the rollup). */
  countedViews: number;
  /** Likes beyond the network's allowance (dropped). */
  cappedLikes: number;
  /**
   * The shop's view-limit row as the view-limits job last stored it (undefined: none yet); its
   * total is as of that check.
   */
  limit: { totalViews: number; maxViews: number; limitAccess: boolean } | undefined;
}

const rowsOf = (name: string) => sql.raw(`(select count(*) from ${name})::int`);
// Data-modifying CTEs run to completion whether or not the final select reads them.

/**
 * Stores one batch in one transaction of two statements (docs/decisions.md "Insights from rollups
 * only; ingest at 25,000 events/s"): the visitor's lock (and the site's, when capped) with the
 * lookup of the batch's clips among the shop's, then one statement that
 * keeps the views not seen within the dedupe window and within the address caps, stores them and
 * the other events, adds them to the daily view rollup, applies likes and marks the Insights
 * hours. No row every batch of a shop updates: a shop's batches never wait on each other.
 */
export async function storeBatch(
  db: Db,
  input: {
    shopId: string;
    visitorId: string;
    sessionId: string | null;
    /** The clip ids the batch names; those of the shop's clips are read in the first statement. */
    clipIds: string[];
    /** Whether the batch has views, likes or unlikes (it then takes the locks). */
    locks: boolean;
    /** The batch's plan and Insights marks, from the ids known to be the shop's clips. */
    planFor: (known: Set<string>) => { plan: BatchPlan; marks: SQL | null };
    now: Date;
    /** Oldest client time a stored event may have (bounds the dedupe's partitions). */
    oldest: Date;
    /** null: not capped (the local Shopify's simulated shoppers). */
    caps: AddressCaps | null;
  },
): Promise<StoredBatch> {
  const { shopId, visitorId, caps } = input;
  const shop = sql`${shopId}::uuid`;
  return db.transaction(async (tx) => {
    // One visitor's batches of a shop go one at a time (two in flight could both pass the view
    // dedupe), and one site's, when capped (two could both take the last allowance); other
    // visitors and sites never wait. The same statement reads which ids are the shop's clips and
    // the view-limit row (only read).
    const lock = (on: boolean, a: string, b: string) =>
      on ? sql`pg_advisory_xact_lock(hashtext(${a}), hashtext(${b}))` : sql`null`;
    const [row] = await queryRows<{
      known: string[] | null;
      total_views: number | null;
      max_views: number | null;
      limit_access: boolean | null;
    }>(
      tx,
      sql`select ${lock(input.locks, shopId, visitorId)} as visitor_lock,
                 ${lock(input.locks && caps !== null, `site:${shopId}`, caps?.site ?? '')} as site_lock,
                 array(select meta_identifier from popclips
                       where shop_id = ${shop} and meta_identifier in ${textList(input.clipIds)}) as known,
                 l.total_views, l.max_views, l.limit_access
          from (select 1) one left join popclip_view_limits l on l.shop_id = ${shop}`,
    );
    const limit: StoredBatch['limit'] =
      row?.max_views != null
        ? {
            totalViews: Number(row.total_views),
            maxViews: Number(row.max_views),
            limitAccess: Boolean(row.limit_access),
          }
        : undefined;
    const { plan, marks } = input.planFor(new Set(row?.known ?? []));
    if (plan.views.length + plan.others.length === 0) {
      return { plan, countedViews: 0, cappedLikes: 0, limit };
    }
    const written = await writeBatch(tx, { ...input, plan, marks });
    return { plan, ...written, limit };
  });
}

const textList = (values: string[]) =>
  sql`(select value from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The batch's one write statement (see storeBatch). */
async function writeBatch(
  tx: Db,
  input: {
    shopId: string;
    visitorId: string;
    sessionId: string | null;
    plan: BatchPlan;
    marks: SQL | null;
    now: Date;
    oldest: Date;
    caps: AddressCaps | null;
  },
): Promise<{ countedViews: number; cappedLikes: number }> {
  const { shopId, visitorId, sessionId, plan, now, caps, marks } = input;
  const liked = [...plan.likes].filter(([, like]) => like).map(([clipId]) => clipId);
  const unliked = [...plan.likes].filter(([, like]) => !like).map(([clipId]) => clipId);
  const nowIso = now.toISOString();
  const shop = sql`${shopId}::uuid`;
  const day = sql`${caps?.day ?? nowIso.slice(0, 10)}::date`;
  const network = caps?.network ?? '';
  const capped = caps !== null;
  const rows = (events: typeof plan.views) =>
    JSON.stringify(
      events.map((event) => ({
        clip_id: event.clipId,
        type: event.type,
        product_id: event.productId,
        occurred_at: event.occurredAt.toISOString(),
      })),
    );
  // Each wanted clip with whether the visitor already holds a place in the network's allowance
  // for it today, and how many places are taken.
  const placed = (kind: 'view' | 'like', from: SQL) => sql`select f.*,
        exists (select 1 from storefront_address_visitors a
                where a.shop_id = ${shop} and a.day = ${day} and a.network = ${network}
                  and a.kind = ${kind} and a.clip_id = f.clip_id and a.visitor_id = ${visitorId}) as known,
        (select count(*) from storefront_address_visitors a
                where a.shop_id = ${shop} and a.day = ${day} and a.network = ${network}
                  and a.kind = ${kind} and a.clip_id = f.clip_id) as used
      from ${from} f`;

  const siteRoom = caps
    ? sql`${caps.siteViews} - coalesce((select views from storefront_site_counts
              where shop_id = ${shop} and day = ${day} and site = ${caps.site}), 0)`
    : sql`${plan.views.length}`;
  const [result] = await queryRows<{ counted: number; likes_allowed: number }>(
    tx,
    sql`with view_candidate as (
            select * from jsonb_to_recordset(${rows(plan.views)}::jsonb)
              as v(clip_id text, type text, product_id text, occurred_at timestamptz)
          ), fresh as (
            select c.* from view_candidate c
            where not exists (
              select 1 from storefront_events e
              where e.shop_id = ${shop} and e.type = 'view'
                and e.visitor_id = ${visitorId} and e.clip_id = c.clip_id
                and e.received_at > ${viewDedupeSince(now).toISOString()}::timestamptz
                and e.occurred_at >= ${input.oldest.toISOString()}::timestamptz
            )
          ), view_placed as (${placed('view', sql.raw('fresh'))}
          ), view_allowed as (
            select p.*, row_number() over (order by p.known desc, p.clip_id) as rank
            from view_placed p
            where not ${capped} or p.known or p.used < ${caps?.views ?? 0}
          ), counted as (
            select * from view_allowed where rank <= ${siteRoom}
          ), view_admitted as (
            insert into storefront_address_visitors (shop_id, day, network, kind, clip_id, visitor_id)
            select ${shop}, ${day}, ${network}, 'view', clip_id, ${visitorId}
            from counted where ${capped} and not known
            on conflict do nothing returning 1
          ), site_counted as (
            insert into storefront_site_counts (shop_id, day, site, views)
            select ${shop}, ${day}, ${caps?.site ?? ''}, count(*)::int from counted
            having ${capped} and count(*) > 0
            on conflict (shop_id, day, site)
            do update set views = storefront_site_counts.views + excluded.views
            returning 1
          ), other as (
            select * from jsonb_to_recordset(${rows(plan.others)}::jsonb)
              as o(clip_id text, type text, product_id text, occurred_at timestamptz)
          ), stored as (
            insert into storefront_events
              (shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at)
            select ${shop}, s.clip_id, s.type, ${visitorId}, ${sessionId}, s.product_id, s.occurred_at,
                   ${nowIso}::timestamptz
            from (select clip_id, type, product_id, occurred_at from counted
                  union all select clip_id, type, product_id, occurred_at from other) s
            returning clip_id, type
          ), rolled as (
            insert into popclip_daily_views (shop_id, popclip_id, day, views)
            select ${shop}, clip_id, ${nowIso.slice(0, 10)}::date, count(*)::int
            from stored where type = 'view' group by clip_id
            on conflict (shop_id, popclip_id, day)
            do update set views = popclip_daily_views.views + excluded.views
            returning 1
          ), like_wanted as (
            select value as clip_id from jsonb_array_elements_text(${JSON.stringify(liked)}::jsonb)
          ), like_placed as (${placed('like', sql.raw('like_wanted'))}
          ), like_allowed as (
            select * from like_placed where not ${capped} or known or used < ${caps?.likes ?? 0}
          ), like_admitted as (
            insert into storefront_address_visitors (shop_id, day, network, kind, clip_id, visitor_id)
            select ${shop}, ${day}, ${network}, 'like', clip_id, ${visitorId}
            from like_allowed where ${capped} and not known
            on conflict do nothing returning 1
          ), like_stored as (
            insert into popclip_likes (shop_id, clip_id, visitor_id, liked_at)
            select ${shop}, clip_id, ${visitorId}, ${nowIso}::timestamptz from like_allowed
            on conflict do nothing returning 1
          ), unlike_stored as (
            delete from popclip_likes
            where shop_id = ${shop} and visitor_id = ${visitorId}
              and clip_id in ${textList(unliked)}
            returning 1
          )${marks ? sql`, marked as (${marks} returning 1)` : sql``}
          select (select count(*) from stored where type = 'view')::int as counted,
                 ${rowsOf('like_allowed')} as likes_allowed`,
  );
  return {
    countedViews: Number(result?.counted ?? 0),
    cappedLikes: liked.length - Number(result?.likes_allowed ?? 0),
  };
}

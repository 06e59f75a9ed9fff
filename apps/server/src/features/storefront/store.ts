import { and, eq, type Logger, type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database, Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { popclipLikes, popclips } from '../../db/schema';
import { failpoint } from '../../failpoints';
import { rollupMarksInsert } from '../analytics';
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

/** One visitor's batch as the ingest hands it to the store. */
export interface BatchInput {
  shopId: string;
  visitorId: string;
  sessionId: string | null;
  /** The clip ids the batch names; those of the shop's clips are read with the locks. */
  clipIds: string[];
  /** Whether the batch has views, likes or unlikes (it then takes the locks). */
  locks: boolean;
  /** The batch's plan from the ids known to be the shop's clips. */
  planFor: (known: Set<string>) => BatchPlan;
  now: Date;
  /** Oldest client time a stored event may have (bounds the dedupe's partitions). */
  oldest: Date;
  /** null: not capped (the local Shopify's simulated shoppers). */
  caps: AddressCaps | null;
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

/**
 * The advisory locks a batch takes, as (a, b) text pairs locked by their hashtext: one visitor's
 * batches of a shop go one at a time (two in flight could both pass the view dedupe), and one
 * site's, when capped (two could both take the last allowance of a network or the site); other
 * visitors and sites never wait. Also the keys that may not share a group (see storeBatches).
 */
export function batchLocks(
  input: Pick<BatchInput, 'shopId' | 'visitorId' | 'locks' | 'caps'>,
): [string, string][] {
  if (!input.locks) return [];
  const visitor: [string, string] = [input.shopId, input.visitorId];
  return input.caps ? [visitor, [`site:${input.shopId}`, input.caps.site]] : [visitor];
}

type Limit = StoredBatch['limit'];

/**
 * Stores a group of batches (docs/decisions.md "Issue 29 point 2: group commit of storefront
 * batches") in one transaction of two statements, as storing each alone would: first the locks
 * of every batch (in one order for every writer, so two never wait on each other in a cycle)
 * with the lookup of the named clips and the shops' view-limit rows; then one statement, which
 * takes its snapshot after the locks and so sees every committed view of the visitors, keeping
 * each batch's views not seen within the dedupe window and within its address caps, storing
 * them and the other events, adding them to the daily view rollup, applying likes and marking
 * the Insights hours. A group never holds two batches of one lock (groupCommit keeps them apart):
 * within the one statement neither would see the other's rows. Nothing is half-stored: the
 * group commits whole or not at all.
 */
export async function storeBatches(
  database: Database,
  inputs: BatchInput[],
): Promise<StoredBatch[]> {
  const shops = [...new Set(inputs.map((input) => input.shopId))];
  const clipIds = [...new Set(inputs.flatMap((input) => input.clipIds))];
  const locks = inputs.flatMap(batchLocks);
  const first = sql`with locked as (
        select pg_advisory_xact_lock(k.a, k.b) from (
          select distinct hashtext(l->>0) as a, hashtext(l->>1) as b
          from jsonb_array_elements(${JSON.stringify(locks)}::jsonb) l
          order by 1, 2) k
      )
      select (select count(*) from locked)::int as locked,
             coalesce((select jsonb_agg(jsonb_build_array(p.shop_id, p.meta_identifier))
                       from popclips p
                       where p.meta_identifier = any(array(
                         select jsonb_array_elements_text(${JSON.stringify(clipIds)}::jsonb)))),
                      '[]'::jsonb) as known,
             coalesce((select jsonb_agg(jsonb_build_array(l.shop_id, l.total_views, l.max_views,
                                                          l.limit_access))
                       from popclip_view_limits l
                       where l.shop_id = any(array(
                         select value::uuid
                         from jsonb_array_elements_text(${JSON.stringify(shops)}::jsonb)))),
                      '[]'::jsonb) as limits`;
  const then = (row: ReadRow | undefined) => {
    const shopOf = new Map(
      (row?.known ?? []).map(([shopId, clipId]): [string, string] => [clipId, shopId]),
    );
    const limits = new Map<string, Limit>(
      (row?.limits ?? []).map(([shopId, totalViews, maxViews, limitAccess]): [string, Limit] => [
        shopId,
        { totalViews: Number(totalViews), maxViews: Number(maxViews), limitAccess },
      ]),
    );
    const plans = inputs.map((input) =>
      input.planFor(new Set(input.clipIds.filter((id) => shopOf.get(id) === input.shopId))),
    );
    const writing = inputs.flatMap((input, index) => {
      const plan = plans[index] as BatchPlan;
      return plan.views.length + plan.others.length > 0 ? [{ input, plan, index }] : [];
    });
    const write = writing.length > 0 ? writeStatement(writing) : null;
    const results = (rows: WriteRow[]): StoredBatch[] => {
      const written = write ? write.counts(rows) : new Map<number, Written>();
      return inputs.map((input, index) => ({
        plan: plans[index] as BatchPlan,
        countedViews: written.get(index)?.counted ?? 0,
        cappedLikes: written.get(index)?.cappedLikes ?? 0,
        limit: limits.get(input.shopId),
      }));
    };
    return { write: write?.query ?? null, results };
  };
  if (database.kind === 'postgres') return inTwoRoundTrips(database, first, then);
  // PGlite runs in the process: no round trip to save.
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<ReadRow>(tx, first);
    const step = then(row);
    failpoint('storefront.before-group-write');
    return step.results(step.write ? await queryRows<WriteRow>(tx, step.write) : []);
  });
}

type ReadRow = { known: [string, string][]; limits: [string, number, number, boolean][] };

/**
 * The group's transaction on PostgreSQL in two round trips instead of four: BEGIN goes with the
 * locks' statement and COMMIT with the write, each pair in one simple-protocol message (which
 * takes no parameters: they are sent as escaped literals). An error in the write skips its
 * COMMIT, and the transaction is rolled back: the group is stored whole or not at all.
 */
async function inTwoRoundTrips(
  database: Extract<Database, { kind: 'postgres' }>,
  first: SQL,
  then: (row: ReadRow | undefined) => {
    write: SQL | null;
    results: (rows: WriteRow[]) => StoredBatch[];
  },
): Promise<StoredBatch[]> {
  const client = await database.pool.connect();
  // Drizzle's logger sees the statements as if sent one by one (what the statement tests count).
  const { logger } = (database.db as unknown as { session: { logger: Logger } }).session;
  const literal = (query: SQL) => {
    const text = inlined(database.db, query, client);
    logger.logQuery(text, []);
    return text;
  };
  // Until COMMIT is sent: an error before leaves the transaction to roll back.
  let open = true;
  // A connection whose rollback failed is not given back to the pool.
  let broken = false;
  try {
    logger.logQuery('begin', []);
    const begun = (await client.query(`begin; ${literal(first)}`)) as unknown as pg.QueryResult[];
    const step = then(begun[1]?.rows[0] as ReadRow | undefined);
    failpoint('storefront.before-group-write');
    if (!step.write) {
      logger.logQuery('commit', []);
      await client.query('commit');
      open = false;
      return step.results([]);
    }
    const write = literal(step.write);
    logger.logQuery('commit', []);
    const ended = (await client.query(`${write}; commit`)) as unknown as pg.QueryResult[];
    open = false;
    return step.results((ended[0]?.rows ?? []) as WriteRow[]);
  } catch (error) {
    if (open) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The statement's text with each parameter as an escaped literal (pg's escapeLiteral). */
function inlined(db: Db, query: SQL, client: pg.PoolClient): string {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    // The group's statements pass text (JSON, ISO times) and numbers; a Date or an array would
    // not read back as pg sends it, so it is refused rather than inlined wrong.
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new Error(`cannot inline a ${typeof value} parameter`);
    }
    return client.escapeLiteral(String(value));
  });
}

interface Written {
  counted: number;
  cappedLikes: number;
}

type WriteRow = { b: number; counted: number; likes_allowed: number };

/** The group's one write statement (see storeBatches), and its counts by batch index. */
function writeStatement(batches: { input: BatchInput; plan: BatchPlan; index: number }[]): {
  query: SQL;
  counts: (rows: WriteRow[]) => Map<number, Written>;
} {
  const events = (kind: 'views' | 'others') =>
    JSON.stringify(
      batches.flatMap(({ plan, index }) =>
        plan[kind].map((event) => ({
          b: index,
          c: event.clipId,
          t: event.type,
          p: event.productId,
          o: event.occurredAt.toISOString(),
        })),
      ),
    );
  const likes = (like: boolean) =>
    batches.flatMap(({ plan, index }) =>
      [...plan.likes].filter(([, liked]) => liked === like).map(([c]) => ({ b: index, c })),
    );
  const [liked, unliked] = [likes(true), likes(false)];
  const rows = batches.map(({ input, index }) => {
    const { caps } = input;
    const received = input.now.toISOString();
    return {
      b: index,
      shop_id: input.shopId,
      visitor_id: input.visitorId,
      session_id: input.sessionId,
      received_at: received,
      since: viewDedupeSince(input.now).toISOString(),
      day: received.slice(0, 10),
      capped: caps !== null,
      cap_day: caps?.day ?? received.slice(0, 10),
      network: caps?.network ?? '',
      site: caps?.site ?? '',
      views_cap: caps?.views ?? 0,
      likes_cap: caps?.likes ?? 0,
      site_views: caps?.siteViews ?? 0,
    };
  });
  // The dedupe's partitions: from the group's oldest bound (it covers every batch's) to its
  // latest receiving time (no stored time is later: client times are clamped to it), so the
  // months ahead, made in advance, are not probed.
  const oldest = new Date(Math.min(...batches.map(({ input }) => input.oldest.getTime())));
  const newest = new Date(Math.max(...batches.map(({ input }) => input.now.getTime())));
  const marks = marksOf(batches).map(
    (insert, i) => sql`, ${sql.raw(`marked_${i}`)} as (${insert} returning 1)`,
  );
  // Each wanted clip with whether the visitor already holds a place in her network's allowance
  // for it today, and how many places are taken (materialized where used: computed once a row).
  // Lookups are scalar subqueries (`select true ... limit 1`, not `exists`): the planner may turn
  // an EXISTS into a hash of every row of the table (seen: all of the day's places, read for each
  // group), never a scalar subquery, which stays one index probe per row whatever it estimates of
  // the JSON rows.
  const placed = (kind: 'view' | 'like', from: SQL) => sql`select f.*,
        f.capped and coalesce((
          select true from storefront_address_visitors a
          where a.shop_id = f.shop_id and a.day = f.cap_day and a.network = f.network
            and a.kind = ${kind} and a.clip_id = f.clip_id and a.visitor_id = f.visitor_id
          limit 1), false) as known,
        case when f.capped then (
          select count(*) from storefront_address_visitors a
          where a.shop_id = f.shop_id and a.day = f.cap_day and a.network = f.network
            and a.kind = ${kind} and a.clip_id = f.clip_id) else 0 end as used
      from ${from} f`;
  // The visitors who take a new place in their network's allowance today (views and likes alike).
  const admitted = (kind: 'view' | 'like', from: SQL) => sql`insert into storefront_address_visitors
            (shop_id, day, network, kind, clip_id, visitor_id)
            select shop_id, cap_day, network, ${kind}, clip_id, visitor_id
            from ${from} where capped and not known
            order by 1, 2, 3, 5, 6
            on conflict do nothing returning 1`;
  // Likes and unlikes are planned only in groups that have some (most have none).
  const likeParts =
    liked.length > 0
      ? sql`, like_wanted as (
            select b.*, l.c as clip_id
            from jsonb_to_recordset(${JSON.stringify(liked)}::jsonb) as l(b int, c text)
            join batch b on b.b = l.b
          ), like_placed as materialized (${placed('like', sql.raw('like_wanted'))}
          ), like_allowed as (
            select * from like_placed where not capped or known or used < likes_cap
          ), like_admitted as (${admitted('like', sql.raw('like_allowed'))}
          ), like_stored as (
            insert into popclip_likes (shop_id, clip_id, visitor_id, liked_at)
            select shop_id, clip_id, visitor_id, received_at from like_allowed
            order by 1, 2, 3
            on conflict do nothing returning 1
          )`
      : sql`, like_allowed as (select null::int as b where false)`;
  const unlikePart =
    unliked.length > 0
      ? sql`, unlike_stored as (
            delete from popclip_likes p
            using jsonb_to_recordset(${JSON.stringify(unliked)}::jsonb) as u(b int, c text)
            join batch b on b.b = u.b
            where p.shop_id = b.shop_id and p.visitor_id = b.visitor_id and p.clip_id = u.c
            returning 1
          )`
      : sql``;
  const query = sql`with batch as (
            select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as b(
              b int, shop_id uuid, visitor_id text, session_id text, received_at timestamptz,
              since timestamptz, day date, capped boolean, cap_day date, network text, site text,
              views_cap int, likes_cap int, site_views int)
          ), view_candidate as (
            select b.*, v.c as clip_id, v.t as type, v.p as product_id, v.o as occurred_at
            from jsonb_to_recordset(${events('views')}::jsonb)
              as v(b int, c text, t text, p text, o timestamptz)
            join batch b on b.b = v.b
          ), fresh as (
            select c.* from view_candidate c
            where not coalesce((
              select true from storefront_events e
              where e.shop_id = c.shop_id and e.type = 'view'
                and e.visitor_id = c.visitor_id and e.clip_id = c.clip_id
                and e.received_at > c.since
                and e.occurred_at >= ${oldest.toISOString()}::timestamptz
                and e.occurred_at <= ${newest.toISOString()}::timestamptz
              limit 1), false)
          ), view_placed as materialized (${placed('view', sql.raw('fresh'))}
          ), view_allowed as (
            select p.*, row_number() over (partition by p.b order by p.known desc, p.clip_id) as rank
            from view_placed p
            where not p.capped or p.known or p.used < p.views_cap
          ), counted as (
            select * from view_allowed v
            where not v.capped or v.rank <= v.site_views - coalesce((
              select s.views from storefront_site_counts s
              where s.shop_id = v.shop_id and s.day = v.cap_day and s.site = v.site), 0)
          ), view_admitted as (${admitted('view', sql.raw('counted'))}
          ), site_counted as (
            insert into storefront_site_counts (shop_id, day, site, views)
            select shop_id, cap_day, site, count(*)::int from counted where capped
            group by shop_id, cap_day, site
            order by 1, 2, 3
            on conflict (shop_id, day, site)
            do update set views = storefront_site_counts.views + excluded.views
            returning 1
          ), other as (
            select b.*, o.c as clip_id, o.t as type, o.p as product_id, o.o as occurred_at
            from jsonb_to_recordset(${events('others')}::jsonb)
              as o(b int, c text, t text, p text, o timestamptz)
            join batch b on b.b = o.b
          ), stored as (
            insert into storefront_events
              (shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at)
            select shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at, received_at
            from (select shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at,
                         received_at from counted
                  union all
                  select shop_id, clip_id, type, visitor_id, session_id, product_id, occurred_at,
                         received_at from other) s
            returning 1
          ), rolled as (
            insert into popclip_daily_views (shop_id, popclip_id, day, views)
            select shop_id, clip_id, day, count(*)::int from counted
            group by shop_id, clip_id, day
            order by 1, 2, 3
            on conflict (shop_id, popclip_id, day)
            do update set views = popclip_daily_views.views + excluded.views
            returning 1
          )${likeParts}${unlikePart}${sql.join(marks)}
          select b.b,
                 (select count(*) from counted c where c.b = b.b)::int as counted,
                 (select count(*) from like_allowed l where l.b = b.b)::int as likes_allowed
          from batch b`;
  const counts = (rows: WriteRow[]) => {
    const byIndex = new Map(rows.map((r): [number, WriteRow] => [Number(r.b), r]));
    return new Map(
      batches.map(({ plan, index }): [number, Written] => {
        const r = byIndex.get(index);
        const likes = [...plan.likes.values()].filter(Boolean).length;
        return [
          index,
          { counted: Number(r?.counted ?? 0), cappedLikes: likes - Number(r?.likes_allowed ?? 0) },
        ];
      }),
    );
  };
  return { query, counts };
}

/** The Insights marks of the group's events, one insert per shop (in its own transaction). */
function marksOf(batches: { input: BatchInput; plan: BatchPlan }[]): SQL[] {
  const instants = new Map<string, Date[]>();
  for (const { input, plan } of batches) {
    const list = instants.get(input.shopId) ?? [];
    for (const event of plan.views) list.push(event.occurredAt);
    for (const event of plan.others) list.push(event.occurredAt);
    instants.set(input.shopId, list);
  }
  return [...instants].flatMap(([shopId, at]) => {
    const insert = rollupMarksInsert(shopId, at);
    return insert ? [insert] : [];
  });
}

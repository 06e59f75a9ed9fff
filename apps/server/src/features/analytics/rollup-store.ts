import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * The Insights rollups (docs/decisions.md "Insights (issue 15)"). Writers mark the UTC hours
 * they touched (after their transaction commits); the rollup recomputes those hours from the raw
 * rows, so it is idempotent and a late or replayed run only repeats work.
 */

const HOUR_MS = 3_600_000;

/** The UTC hours of these instants, once each (ISO strings). */
function hoursOf(instants: Date[]): string[] {
  return [...new Set(instants.map((at) => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS))].map(
    (ms) => new Date(ms).toISOString(),
  );
}

/**
 * The statement marking the UTC hours of these instants as needing a rollup, for a writer to run
 * in its own transaction (or as a CTE of its own statement): rows are only ever inserted, so it
 * never waits on another writer, and the job takes a mark only once the rows it stands for are
 * committed with it.
 */
export function dirtyHoursInsert(shopId: string, instants: Date[]): SQL | null {
  const hours = hoursOf(instants);
  if (hours.length === 0) return null;
  return sql`insert into analytics_dirty_hours (shop_id, hour)
             select ${shopId}::uuid, h::timestamptz
             from jsonb_array_elements_text(${JSON.stringify(hours)}::jsonb) h`;
}

/** Marks the UTC hours of these instants as needing a rollup. */
export async function markDirtyHours(db: Db, shopId: string, instants: Date[]): Promise<void> {
  const insert = dirtyHoursInsert(shopId, instants);
  if (insert) await db.execute(insert);
}

/** Shops with hours to roll up, or whose rollups are in another time zone than their own. */
export async function shopsToRollUp(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ shop_id: string }>(
    db,
    sql`select shop_id from (
          select distinct shop_id from analytics_dirty_hours
          union
          select shop_id from analytics_settings where rollup_time_zone is distinct from time_zone
        ) s limit ${limit}`,
  );
  return rows.map((row) => row.shop_id);
}

/**
 * The shop's Insights state in one statement: its stored time zone (if any), the zone its
 * rollups are in, and whether hours wait for the rollup (one index probe).
 */
export async function rollupState(
  db: Db,
  shopId: string,
): Promise<{
  timeZone: string | null;
  rollupTimeZone: string | null;
  checkedAt: Date | null;
  dirty: boolean;
}> {
  const [row] = await queryRows<{
    time_zone: string | null;
    rollup_time_zone: string | null;
    updated_at: string | Date | null;
    dirty: boolean;
  }>(
    db,
    sql`select s.time_zone, s.rollup_time_zone, s.updated_at,
               exists (select 1 from analytics_dirty_hours d where d.shop_id = ${shopId}::uuid) as dirty
        from (select 1) one
        left join analytics_settings s on s.shop_id = ${shopId}::uuid`,
  );
  return {
    timeZone: row?.time_zone ?? null,
    rollupTimeZone: row?.rollup_time_zone ?? null,
    checkedAt: row?.updated_at ? new Date(row.updated_at) : null,
    dirty: Boolean(row?.dirty),
  };
}

export interface RollupResult {
  hours: number;
  buckets: number;
  days: number;
  rebuilt: boolean;
}

/**
 * One pass for a shop, in one transaction under a per-shop advisory lock: rebuild everything if
 * the time zone changed, then take up to `maxHours` dirty hours and recompute the local hours,
 * days and sales days they touch. Answers what was done (hours 0: nothing was dirty).
 */
export async function rollUpShop(
  db: Db,
  shopId: string,
  timeZone: string,
  maxHours = 2000,
): Promise<RollupResult> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('analytics.rollup'), hashtext(${shopId}))`,
    );
    const [setting] = await queryRows<{ rollup_time_zone: string | null }>(
      tx,
      sql`select rollup_time_zone from analytics_settings where shop_id = ${shopId}::uuid`,
    );
    const rebuilt = setting !== undefined && setting.rollup_time_zone !== timeZone;
    if (rebuilt) {
      for (const table of [
        'analytics_clip_hourly',
        'analytics_clip_daily',
        'analytics_sales_daily',
        'analytics_store_daily',
      ]) {
        await tx.execute(sql`delete from ${sql.identifier(table)} where shop_id = ${shopId}::uuid`);
      }
      await tx.execute(
        sql`insert into analytics_dirty_hours (shop_id, hour)
            select distinct shop_id, date_trunc('hour', occurred_at, 'UTC') from storefront_events where shop_id = ${shopId}::uuid
            union
            select distinct shop_id, date_trunc('hour', ordered_at, 'UTC') from storefront_orders where shop_id = ${shopId}::uuid`,
      );
      await tx.execute(
        sql`update analytics_settings set rollup_time_zone = ${timeZone} where shop_id = ${shopId}::uuid`,
      );
    }
    // Takes the marks this statement sees (a writer's mark and its rows commit together); the
    // marks of one hour may be many rows, hence distinct.
    const taken = await queryRows<{ hour: string }>(
      tx,
      sql`delete from analytics_dirty_hours where shop_id = ${shopId}::uuid and hour = any(array(
            select distinct hour from analytics_dirty_hours where shop_id = ${shopId}::uuid
            order by hour limit ${maxHours}
          ))
          returning hour::text as hour`,
    );
    const claimed = [...new Set(taken.map((row) => row.hour))].map((hour) => ({ hour }));
    if (claimed.length === 0) return { hours: 0, buckets: 0, days: 0, rebuilt };
    const hours = JSON.stringify(claimed.map((row) => row.hour));
    const tz = timeZone;

    // The local hours (buckets: the instant each began) the dirty UTC hours overlap.
    await tx.execute(
      sql`create temporary table if not exists rollup_buckets (b timestamptz primary key) on commit drop`,
    );
    await tx.execute(
      sql`create temporary table if not exists rollup_days (d date primary key) on commit drop`,
    );
    await tx.execute(
      sql`insert into rollup_buckets (b)
          select distinct b from jsonb_array_elements_text(${hours}::jsonb) h(t)
          cross join lateral generate_series(
            date_trunc('hour', (h.t::timestamptz) at time zone ${tz}) at time zone ${tz},
            date_trunc('hour', (h.t::timestamptz + interval '59 minutes 59.999999 seconds') at time zone ${tz}) at time zone ${tz},
            interval '1 hour'
          ) b
          on conflict do nothing`,
    );
    await tx.execute(
      sql`insert into rollup_days (d)
          select distinct (b at time zone ${tz})::date from rollup_buckets
          union
          select distinct ((b + interval '59 minutes 59.999999 seconds') at time zone ${tz})::date from rollup_buckets
          on conflict do nothing`,
    );

    // The planner must know the temporary tables are small (a few rows in steady state), or it
    // scans the shop's events instead of looking up each hour through the index.
    await tx.execute(sql`analyze rollup_buckets`);
    await tx.execute(sql`analyze rollup_days`);
    // Constant bounds as well: with them the planner reads only that stretch of the indexes
    // (a join condition alone left it scanning all of a shop's events, 3 s at 5 million).
    const [bounds] = await queryRows<{
      events_from: string;
      events_to: string;
      days_from: string;
      days_to: string;
    }>(
      tx,
      sql`select (select min(b) - interval '2 hours' from rollup_buckets)::text as events_from,
                 (select max(b) + interval '2 hours' from rollup_buckets)::text as events_to,
                 (select min(d)::timestamp at time zone ${tz} - interval '3 hours' from rollup_days)::text as days_from,
                 (select (max(d) + 1)::timestamp at time zone ${tz} + interval '3 hours' from rollup_days)::text as days_to`,
    );
    if (!bounds) throw new Error('rollup bounds missing');
    const eventsFrom = sql`${bounds.events_from}::timestamptz`;
    const eventsTo = sql`${bounds.events_to}::timestamptz`;
    const daysFrom = sql`${bounds.days_from}::timestamptz`;
    const daysTo = sql`${bounds.days_to}::timestamptz`;
    /** A daily table's rows of the rolled-up days made again: deleted, then `insert` run. */
    const rebuildDays = async (table: string, insert: SQL) => {
      await tx.execute(
        sql`delete from ${sql.identifier(table)}
            where shop_id = ${shopId}::uuid and day in (select d from rollup_days)`,
      );
      await tx.execute(insert);
    };
    await tx.execute(
      sql`delete from analytics_clip_hourly
          where shop_id = ${shopId}::uuid and hour >= ${daysFrom} and hour < ${daysTo}
            and hour in (select b from rollup_buckets)`,
    );
    // A bucket's events lie within 2 h of its start (a repeated hour when clocks go back spans two
    // UTC hours, and its start may be either).
    await tx.execute(
      sql`insert into analytics_clip_hourly
            (shop_id, hour, clip_id, impressions, views, likes, clicks, add_to_carts)
          select ${shopId}::uuid, rb.b, e.clip_id,
                 count(*) filter (where e.type = 'impression')::int,
                 count(*) filter (where e.type = 'view')::int,
                 count(*) filter (where e.type = 'like')::int,
                 count(*) filter (where e.type = 'click')::int,
                 count(*) filter (where e.type = 'add_to_cart')::int
          from rollup_buckets rb
          join storefront_events e
            on e.shop_id = ${shopId}::uuid
           and e.occurred_at >= ${eventsFrom} and e.occurred_at < ${eventsTo}
           and e.occurred_at >= rb.b - interval '2 hours' and e.occurred_at < rb.b + interval '2 hours'
           and date_trunc('hour', e.occurred_at at time zone ${tz}) at time zone ${tz} = rb.b
          where e.type <> 'unlike'
          group by rb.b, e.clip_id`,
    );

    await rebuildDays(
      'analytics_clip_daily',
      sql`insert into analytics_clip_daily
            (shop_id, day, clip_id, impressions, views, likes, clicks, add_to_carts)
          select ${shopId}::uuid, rd.d, h.clip_id, sum(h.impressions)::int, sum(h.views)::int,
                 sum(h.likes)::int, sum(h.clicks)::int, sum(h.add_to_carts)::int
          from rollup_days rd
          join analytics_clip_hourly h
            on h.shop_id = ${shopId}::uuid
           and h.hour >= ${daysFrom} and h.hour < ${daysTo}
           and h.hour >= (rd.d::timestamp at time zone ${tz}) - interval '3 hours'
           and h.hour < ((rd.d + 1)::timestamp at time zone ${tz}) + interval '3 hours'
           and (h.hour at time zone ${tz})::date = rd.d
          group by rd.d, h.clip_id`,
    );

    await rebuildDays(
      'analytics_sales_daily',
      sql`insert into analytics_sales_daily
            (shop_id, day, window_days, currency, clip_id, orders, direct_cents, indirect_cents, influenced_cents)
          select ${shopId}::uuid, rd.d, a.window_days, a.currency, g.clip,
                 count(distinct a.order_id)::int,
                 coalesce(sum(a.revenue_cents) filter (where a.kind = 'direct'), 0),
                 coalesce(sum(a.revenue_cents) filter (where a.kind = 'indirect'), 0),
                 coalesce(sum(a.revenue_cents) filter (where a.kind = 'influenced'), 0)
          from rollup_days rd
          join order_attributions a
            on a.shop_id = ${shopId}::uuid
           and a.ordered_at >= ${daysFrom} and a.ordered_at < ${daysTo}
           and a.ordered_at >= (rd.d::timestamp at time zone ${tz})
           and a.ordered_at < ((rd.d + 1)::timestamp at time zone ${tz})
          cross join lateral (values (a.clip_id), ('')) g(clip)
          group by rd.d, a.window_days, a.currency, g.clip`,
    );

    await rebuildDays(
      'analytics_store_daily',
      sql`insert into analytics_store_daily (shop_id, day, currency, orders, sales_cents)
          select ${shopId}::uuid, rd.d, o.currency, count(*)::int, coalesce(sum(o.total_cents), 0)
          from rollup_days rd
          join storefront_orders o
            on o.shop_id = ${shopId}::uuid
           and o.ordered_at >= ${daysFrom} and o.ordered_at < ${daysTo}
           and o.ordered_at >= (rd.d::timestamp at time zone ${tz})
           and o.ordered_at < ((rd.d + 1)::timestamp at time zone ${tz})
          group by rd.d, o.currency`,
    );
    const [counts] = await queryRows<{ buckets: number; days: number }>(
      tx,
      sql`select (select count(*) from rollup_buckets)::int as buckets, (select count(*) from rollup_days)::int as days`,
    );
    return {
      hours: claimed.length,
      buckets: Number(counts?.buckets ?? 0),
      days: Number(counts?.days ?? 0),
      rebuilt,
    };
  });
}

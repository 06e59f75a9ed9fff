import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { defineJob } from '../../jobs/job';
import { pruneAddressCounts } from './address-caps';

/**
 * Drops the monthly partitions of raw storefront events past the retention period, deletes what
 * is left past it in the boundary month (aggregates are kept for good), and makes the partitions
 * of the coming months ahead of their events.
 */
export const PRUNE_EVENTS_JOB = 'storefront.prune-events';
/** Hourly, so each run has about an hour's worth of rows to delete. */
export const PRUNE_EVENTS_SCHEDULE = '41 * * * *';
/** Rows per DELETE: each is its own short transaction, so no lock is held for long. */
export const PRUNE_BATCH_SIZE = 5000;
/** A run stops after this many batches (a backlog is finished by the next runs). */
export const PRUNE_MAX_BATCHES = 200;

/**
 * Deletes one batch of events that happened before `cutoff`; answers how many rows went. Per shop
 * through storefront_events_shop_occurred_idx (shop_id, occurred_at), so finding the rows is an
 * index range scan and a shop with nothing to delete costs one index probe.
 */
export async function pruneEventsBatch(
  db: Db,
  cutoff: Date,
  batchSize = PRUNE_BATCH_SIZE,
): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    // `= any(array(...))` keeps the DELETE on the primary key (an IN subquery plans a seq scan).
    sql`with deleted as (
          delete from storefront_events where id = any(array(
            select e.id from shops s
            cross join lateral (
              select id from storefront_events
              where shop_id = s.id and occurred_at < ${cutoff.toISOString()}::timestamptz
              limit ${batchSize}
            ) e
            limit ${batchSize}
          ))
          returning 1
        )
        select count(*)::int as deleted from deleted`,
  );
  return Number(row?.deleted ?? 0);
}

/** Monthly partitions are made this many months ahead (and two back, for late events). */
export const PARTITION_MONTHS_AHEAD = 3;
const PARTITION = /^storefront_events_p(\d{4})(\d{2})$/;

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

/**
 * Makes the monthly partitions of storefront_events from two months before `now` to
 * PARTITION_MONTHS_AHEAD after (idempotent). A month whose rows already landed in the default
 * partition is left there (PostgreSQL refuses the new partition) and pruned by rows.
 */
export async function ensureEventPartitions(db: Db, now: Date): Promise<string[]> {
  const made: string[] = [];
  for (let offset = -2; offset <= PARTITION_MONTHS_AHEAD; offset++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = `storefront_events_p${from.toISOString().slice(0, 7).replace('-', '')}`;
    try {
      await db.execute(
        sql.raw(
          `create table if not exists ${name} partition of storefront_events
           for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
        ),
      );
      made.push(name);
    } catch (error) {
      console.warn(`[prune] partition ${name} not made: ${(error as Error).message}`);
    }
  }
  return made;
}

/** Drops the monthly partitions that end at or before `cutoff`; answers their names. */
export async function dropEventPartitions(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'storefront_events'::regclass`,
  );
  const dropped: string[] = [];
  for (const { name } of rows) {
    const match = PARTITION.exec(name);
    if (!match) continue;
    const end = monthStart(Number(match[1]), Number(match[2]));
    if (end.getTime() > cutoff.getTime()) continue;
    await db.execute(sql.raw(`drop table if exists ${name}`));
    dropped.push(name);
  }
  return dropped;
}

/**
 * Deletes events older than `retentionDays`: whole months by dropping their partitions, the rest
 * (the boundary month, the default partition) in batches; answers how many rows went by DELETE.
 */
export async function pruneStorefrontEvents(
  db: Db,
  now: Date,
  retentionDays: number,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? PRUNE_MAX_BATCHES;
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  await dropEventPartitions(db, cutoff);
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await pruneEventsBatch(db, cutoff, batchSize);
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

export const pruneEventsJob = defineJob<Record<string, never>>({
  name: PRUNE_EVENTS_JOB,
  retryLimit: 3,
  expireInSeconds: 30 * 60,
  schedule: PRUNE_EVENTS_SCHEDULE,
  handler: async (_data, { database, clock, config }) => {
    await ensureEventPartitions(database.db, clock.now());
    await pruneStorefrontEvents(database.db, clock.now(), config.STOREFRONT_EVENTS_RETENTION_DAYS);
    await pruneAddressCounts(database.db, clock.now());
  },
});

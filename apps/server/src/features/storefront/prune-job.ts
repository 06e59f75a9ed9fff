import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { defineJob } from '../../jobs/job';
import { pruneAddressCounts } from './address-caps';

/** Deletes raw storefront events past the retention period (aggregates are kept for good). */
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

/** Deletes events older than `retentionDays` in batches; answers how many rows went. */
export async function pruneStorefrontEvents(
  db: Db,
  now: Date,
  retentionDays: number,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? PRUNE_MAX_BATCHES;
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
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
    await pruneStorefrontEvents(database.db, clock.now(), config.STOREFRONT_EVENTS_RETENTION_DAYS);
    await pruneAddressCounts(database.db, clock.now());
  },
});

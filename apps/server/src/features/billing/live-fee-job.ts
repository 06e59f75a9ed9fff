import type { AppDeps } from '../../deps';
import { failpoint } from '../../failpoints';
import { defineJob } from '../../jobs/job';
import { claimDueLiveFees } from './live-fee-store';
import { chargeLiveFee } from './live-fees';

const CHARGE = 'live-fee-charge';

/**
 * One order's live fee as a Shopify usage charge. A failure retries with backoff (pg-boss's, and
 * the row's own next attempt for the sweep); a killed worker's job runs again (heartbeat, or at
 * the embedded database's restart), and the usage charge's idempotency key bills it once.
 */
export const liveFeeChargeJob = defineJob<{ feeId: string }>({
  name: CHARGE,
  handler: async (data, ctx) => {
    await chargeLiveFee(ctx, data.feeId);
  },
  retryLimit: 8,
  heartbeatSeconds: 10,
  expireInSeconds: 600,
});

/** Every minute: the outbox's relay (sweepLiveFees). */
export const liveFeeSweepJob = defineJob<Record<string, never>>({
  name: 'live-fee-sweep',
  handler: async (_data, ctx) => {
    await sweepLiveFees(ctx);
  },
  retryLimit: 0,
  schedule: '* * * * *',
});

/** Most fees one sweep queues; the next sweep takes the rest. */
const SWEEP_BATCH = 500;
/** A queued fee is left to its job this long before a sweep queues it again. */
const LEASE_MS = 10 * 60_000;

/**
 * Queues a charge job for every pending fee that is due: new fees (written with their order),
 * fees whose attempt failed once their backoff is over, and fees whose job was lost. Answers how
 * many it queued.
 */
export async function sweepLiveFees(
  deps: Pick<AppDeps, 'database' | 'clock' | 'queue'>,
): Promise<number> {
  const now = deps.clock.now();
  const ids = await claimDueLiveFees(
    deps.database.db,
    now,
    new Date(now.getTime() + LEASE_MS),
    SWEEP_BATCH,
  );
  for (const feeId of ids) {
    await deps.queue.send(CHARGE, { feeId });
    failpoint('live-fee.after-queue');
  }
  return ids.length;
}

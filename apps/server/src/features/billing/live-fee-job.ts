import { defineJob } from '../../jobs/job';
import type { Queue } from '../../jobs/queue';
import { chargeLiveFee, sweepLiveFees } from './live-fees';

const CHARGE = 'live-fee-charge';

/**
 * One order's live fee as a Shopify usage charge. The job's id is the fee row's, so it is queued
 * once however often the order is delivered; a killed worker's job runs again (heartbeat, or at
 * the embedded database's restart) and the usage charge's idempotency key bills it once.
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

/** Every minute: pending fees whose job was lost, exhausted or refused are tried again. */
export const liveFeeSweepJob = defineJob<Record<string, never>>({
  name: 'live-fee-sweep',
  handler: async (_data, ctx) => {
    await sweepLiveFees(ctx);
  },
  retryLimit: 0,
  schedule: '* * * * *',
});

export async function queueLiveFeeCharge(queue: Queue, feeId: string): Promise<void> {
  await queue.send(CHARGE, { feeId }, { id: feeId, singletonKey: feeId });
}

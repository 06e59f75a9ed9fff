import { defineJob } from '../../jobs/job';
import type { Queue } from '../../jobs/queue';
import { deliverNotification } from './deliver';

const NAME = 'push-deliver';

/**
 * A notification's delivery at its scheduled minute: a pg-boss job (stored, so it survives a
 * restart) whose id is the notification's, so it exists once however often it is queued, and
 * one worker takes it however many run. A killed worker's job is retried once its heartbeat
 * (10 s, pg-boss's least) stops, or at once when the embedded database's process restarts, and
 * resends only what was in flight (deliver.ts). Retries: 10, since each crash uses one.
 */
export const deliverPushJob = defineJob<{ notificationId: string }>({
  name: NAME,
  handler: (data, ctx) => deliverNotification(ctx, data.notificationId),
  retryLimit: 10,
  heartbeatSeconds: 10,
  expireInSeconds: 3600,
});

/** Queues the delivery at `at`, or at once (null: the queue's own clock decides "now"). */
export async function queueDelivery(
  queue: Queue,
  notificationId: string,
  at: Date | null,
): Promise<void> {
  await queue.send(
    NAME,
    { notificationId },
    { id: notificationId, singletonKey: notificationId, ...(at ? { startAfter: at } : {}) },
  );
}

/** A deleted notification's job is dropped (a job that still ran would find nothing to send). */
export async function dropDelivery(queue: Queue, notificationId: string): Promise<void> {
  await queue.deleteJob(NAME, notificationId);
}

import { defineJob } from '../../jobs/job';
import type { Queue } from '../../jobs/queue';
import { deliverNotification } from './deliver';

const NAME = 'push-deliver';

/**
 * A notification's delivery at its scheduled minute: a pg-boss job (stored, so it survives a
 * restart) whose id is the notification's, so it exists once however often it is queued, and
 * one worker takes it however many run. A killed worker's job is retried after its heartbeat
 * stops and goes on after the last finished batch.
 */
export const deliverPushJob = defineJob<{ notificationId: string }>({
  name: NAME,
  handler: (data, ctx) => deliverNotification(ctx, data.notificationId),
  retryLimit: 5,
  heartbeatSeconds: 30,
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

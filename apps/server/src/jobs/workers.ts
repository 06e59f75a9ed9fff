import { createStoreAccountJob } from '../features/account/store-account-job';
import { shopRedactJob } from '../features/compliance/shop-redact-job';
import { pruneEventsJob } from '../features/engagement/prune-job';
import { viewLimitsJob } from '../features/engagement/view-limit-job';
import { processClipFailedJob, processClipJob } from '../features/popclips/processing-job';
import type { JobContext, JobDefinition } from './job';
import type { Queue } from './queue';

export type { JobContext, JobDefinition } from './job';

/** A dead-letter queue is listed before the job that names it (it must exist first). */
export const JOBS: JobDefinition[] = [
  createStoreAccountJob,
  processClipFailedJob,
  processClipJob,
  viewLimitsJob,
  pruneEventsJob,
  shopRedactJob,
];

/** Creates each job's queue (every role: a web process sends jobs, pg-boss needs the queue). */
export async function createQueues(queue: Queue, jobs: JobDefinition[] = JOBS): Promise<void> {
  for (const job of jobs) {
    await queue.createQueue(job.name, {
      retryLimit: job.retryLimit ?? 5,
      retryBackoff: true,
      notify: true,
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      ...(job.deadLetter ? { deadLetter: job.deadLetter } : {}),
    });
  }
}

/** Starts each job's worker (worker and all roles only). */
export async function startWorkers(
  queue: Queue,
  context: JobContext,
  jobs: JobDefinition[] = JOBS,
): Promise<void> {
  await createQueues(queue, jobs);
  for (const job of jobs) {
    await queue.work<object>(job.name, async ([first, ...rest]) => {
      for (const item of [first, ...rest]) if (item) await job.handler(item.data, context);
    });
    if (job.schedule) await queue.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
  }
}

/**
 * Runs every queued job now, in this process, until the queues are empty; answers how many ran.
 * Tests use it instead of polling workers; a failing handler fails the job and throws.
 */
export async function runQueuedJobs(
  queue: Queue,
  context: JobContext,
  jobs: JobDefinition[] = JOBS,
): Promise<number> {
  let ran = 0;
  for (;;) {
    let found = false;
    for (const job of jobs) {
      for (const item of await queue.fetch<object>(job.name, { batchSize: 10 })) {
        found = true;
        try {
          await job.handler(item.data, context);
          await queue.complete(job.name, item.id);
        } catch (error) {
          await queue.fail(job.name, item.id, { message: (error as Error).message });
          throw error;
        }
        ran += 1;
      }
    }
    if (!found) return ran;
  }
}

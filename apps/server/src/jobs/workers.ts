import { createStoreAccountJob } from '../features/account';
import { rollupJob } from '../features/analytics';
import { liveFeeChargeJob, liveFeeSweepJob } from '../features/billing';
import { pruneDataRequestsJob, shopRedactJob } from '../features/compliance';
import { deliverPushJob } from '../features/notifications';
import { publishProductsJob } from '../features/onboarding';
import {
  processClipFailedJob,
  processClipJob,
  productClipCountsJob,
  uploadSweepJob,
} from '../features/popclips';
import { featuredBubbleJob, pruneEventsJob, viewLimitsJob } from '../features/storefront';
import { jobDuration, jobFailures } from '../http/metrics';
import type { JobContext, JobDefinition } from './job';
import type { Queue } from './queue';

export type { JobContext, JobDefinition } from './job';

/** A dead-letter queue is listed before the job that names it (it must exist first). */
export const JOBS: JobDefinition[] = [
  createStoreAccountJob,
  processClipFailedJob,
  processClipJob,
  productClipCountsJob,
  uploadSweepJob,
  viewLimitsJob,
  pruneEventsJob,
  featuredBubbleJob,
  rollupJob,
  shopRedactJob,
  pruneDataRequestsJob,
  deliverPushJob,
  publishProductsJob,
  liveFeeChargeJob,
  liveFeeSweepJob,
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
      ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
    });
    // createQueue leaves an existing queue as it was: a heartbeat added since is set here.
    if (job.heartbeatSeconds) {
      await queue.updateQueue(job.name, { heartbeatSeconds: job.heartbeatSeconds });
    }
  }
}

/**
 * How each worker polls (pg-boss 12.35, dist/worker.js and manager.js work()). A worker loops:
 * fetch up to batchSize jobs, run them, then sleep before the next fetch unless a NOTIFY arrived
 * during that iteration. The sleep is notifyPollingIntervalSeconds while LISTEN is up (pg-boss's
 * default: 30 s) and pollingIntervalSeconds otherwise (default 2 s). One insert statement sends
 * one NOTIFY, however many jobs it adds or are already waiting, so with batchSize 1 a burst ran
 * one or two jobs and then one every 30 s (six uploads: 122 s for 0.66 s of work each).
 * pg-boss's own burst triggers do not cover this: burstWhenBatchFull is ignored at batchSize 1
 * and burstWhenReadyExceeds reads a queue count cached for 60 s. So:
 * - a worker whose fetch came back full wakes itself (startWorkers) and fetches again at once,
 *   until a fetch comes back short: a burst runs back to back, an idle queue is not re-read;
 * - the fallback poll is 2 s, notify or not: jobs that send no NOTIFY when they become runnable
 *   (retries after their backoff, startAfter) or a missed one wait at most that long. Idle, that
 *   is one small indexed fetch per queue every 2 s per worker process.
 * Handlers run one job at a time per queue (batchSize 1): a failure retries only its own job.
 */
export const WORK_OPTIONS = {
  batchSize: 1,
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 2,
} as const;

/**
 * The embedded database (PGlite) is this process's alone: a job still active when it starts was
 * run by a process that died (kill -9, a crash), so it is failed now and retried at once, not
 * after its heartbeat or expiry runs out (docs/decisions.md, issue 28).
 */
export async function retryOrphanedJobs(queue: Queue, jobs: JobDefinition[] = JOBS) {
  let retried = 0;
  for (const job of jobs) {
    const active = (await queue.findJobs(job.name)).filter((found) => found.state === 'active');
    if (active.length === 0) continue;
    await queue.fail(
      job.name,
      active.map((found) => found.id),
      { message: 'the process running it stopped' },
    );
    // A crash is not the job's failure: it runs again now, not after the retry's backoff.
    for (const found of active) {
      await queue.update({ name: job.name, options: { id: found.id, startAfter: new Date() } });
    }
    retried += active.length;
  }
  return retried;
}

/** Starts each job's worker (worker and all roles only). */
export async function startWorkers(
  queue: Queue,
  context: JobContext,
  jobs: JobDefinition[] = JOBS,
): Promise<void> {
  await createQueues(queue, jobs);
  for (const job of jobs) {
    // The id is only known once work() answers; the first batch may finish before that, so the
    // wake-up waits for it (a late wake-up still cuts the worker's sleep short).
    let setWorkerId: (id: string) => void = () => {};
    const workerId = new Promise<string>((resolve) => {
      setWorkerId = resolve;
    });
    const options = job.concurrency
      ? {
          ...WORK_OPTIONS,
          localConcurrency: job.concurrency.local,
          // Per process, in memory: pg-boss's database-wide groupConcurrency let two of this
          // process's workers fetching at the same moment both take one shop's jobs (seen on
          // PostgreSQL). Per process is what fairness needs: a shop never holds every slot.
          localGroupConcurrency: job.concurrency.perGroup,
        }
      : WORK_OPTIONS;
    const id = await queue.work<object>(job.name, options, async (batch) => {
      try {
        for (const item of batch) await timed(job, () => job.handler(item.data, context));
      } finally {
        // A full batch says more jobs may be ready: fetch again instead of sleeping.
        if (batch.length >= WORK_OPTIONS.batchSize) {
          void workerId.then((ready) => queue.notifyWorker(ready));
        }
      }
    });
    setWorkerId(id);
    if (job.schedule) await queue.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
  }
}

/** Runs a handler, recording its duration and outcome (metrics.ts). */
async function timed(job: JobDefinition, run: () => Promise<void>): Promise<void> {
  const end = jobDuration.startTimer({ queue: job.name });
  try {
    await run();
    end({ outcome: 'completed' });
  } catch (error) {
    end({ outcome: 'failed' });
    jobFailures.inc({ queue: job.name });
    throw error;
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

import type { Queue } from './queue';

/** A background job: its queue name and handler. Feature areas add theirs to JOBS. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** Retries with exponential backoff before the job is marked failed. */
  retryLimit?: number;
}

export const JOBS: JobDefinition[] = [];

/** Creates each queue and starts its worker (worker and all roles only). */
export async function startWorkers(queue: Queue, jobs: JobDefinition[] = JOBS): Promise<void> {
  for (const job of jobs) {
    await queue.createQueue(job.name, {
      retryLimit: job.retryLimit ?? 5,
      retryBackoff: true,
    });
    await queue.work<object>(job.name, async ([first, ...rest]) => {
      for (const item of [first, ...rest]) if (item) await job.handler(item.data);
    });
  }
}

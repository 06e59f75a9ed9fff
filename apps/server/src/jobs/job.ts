import type { AppDeps } from '../deps';

/** What a job handler may use: config, database, clock, media, social import, platform, queue. */
export type JobContext = Pick<
  AppDeps,
  | 'config'
  | 'database'
  | 'clock'
  | 'media'
  | 'social'
  | 'platform'
  | 'queue'
  | 'catalogue'
  | 'secrets'
  | 'push'
  | 'live'
>;

/** A background job: its queue name and handler. Feature areas add theirs to JOBS (workers.ts). */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T, context: JobContext) => Promise<void>;
  /** Retries with exponential backoff before the job is marked failed. */
  retryLimit?: number;
  /** Seconds before pg-boss counts a running job as lost (a killed worker) and retries it. */
  expireInSeconds?: number;
  /**
   * Seconds without a heartbeat (the worker sends one every half of it while the handler runs)
   * after which the job counts as lost and is retried: a killed worker's job runs again soon.
   */
  heartbeatSeconds?: number;
  /**
   * Jobs run at once per worker process, and at most `perGroup` of one group (a shop: sent with
   * `group: { id }`) in each process: one shop's long jobs cannot hold every slot.
   */
  concurrency?: { local: number; perGroup: number };
  /** Queue that receives the job once its retries are exhausted (created before this one). */
  deadLetter?: string;
  /** Cron (UTC) on which worker processes send the job with empty data (pg-boss schedule). */
  schedule?: string;
}

/** Types a job's data for its handler while letting JOBS hold every job. */
export function defineJob<T extends object>(job: JobDefinition<T>): JobDefinition {
  return job as unknown as JobDefinition;
}

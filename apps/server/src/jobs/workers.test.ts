import type { Clock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import type { JobContext, JobDefinition } from './job';
import { createQueue, type Queue } from './queue';
import { startWorkers, WORK_OPTIONS } from './workers';

/**
 * pg-boss's time and timers with the timers frozen: time is real, but no timer ever fires. A
 * worker that sleeps between fetches (a poll) then never fetches again, so everything a worker
 * runs here it ran without waiting for a poll. No assertion depends on how fast the machine is.
 */
const frozenTimers: Clock = {
  now: () => Date.now(),
  setTimeout: () => ({}),
  clearTimeout: () => {},
  setInterval: () => ({}),
  clearInterval: () => {},
};

/** Bounds a wait that, on a regression, would never end (not a latency assertion). */
const HANG_GUARD_MS = 20_000;

let database: Database;
let queue: Queue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createQueue(database, { supervise: false, clock: frozenTimers });
  await queue.start();
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: true });
  await database.close();
});

describe('workers', () => {
  it('poll every 2 s at most, with or without NOTIFY, one job at a time', () => {
    expect(WORK_OPTIONS).toEqual({
      batchSize: 1,
      pollingIntervalSeconds: 2,
      notifyPollingIntervalSeconds: 2,
    });
  });

  it('run a burst of queued jobs back to back, without waiting for a poll between them', async () => {
    const count = 8;
    const ran: number[] = [];
    let allRan = () => {};
    const done = new Promise<void>((resolve) => {
      allRan = resolve;
    });
    const job: JobDefinition = {
      name: 'test-burst-job',
      handler: async (data) => {
        ran.push((data as { n: number }).n);
        if (ran.length === count) allRan();
      },
    };
    await startWorkers(queue, {} as JobContext, [job]);
    // One statement: one NOTIFY for all of them, as a burst of uploads sends while a job runs.
    await queue.insert(
      job.name,
      Array.from({ length: count }, (_, n) => ({ data: { n } })),
    );
    let guard: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => {
      guard = setTimeout(() => resolve('hung'), HANG_GUARD_MS);
    });
    const outcome = await Promise.race([done.then(() => 'done' as const), hung]);
    clearTimeout(guard);
    expect(outcome, `${ran.length} of ${count} jobs ran; the worker slept between jobs`).toBe(
      'done',
    );
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
  }, 30_000);
});

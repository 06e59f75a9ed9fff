import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { processClipJob } from '../features/popclips/processing-job';
import type { JobContext, JobDefinition } from '../jobs/job';
import { createQueue, type Queue } from '../jobs/queue';
import { startWorkers } from '../jobs/workers';
import { createTestDatabase } from '../test/database';

/**
 * Finding: one shop's 5-minute 1080p transcode delayed another shop's 3-second clip from 0.6 s to
 * 46 s (one job at a time per worker). The clip queue's concurrency (two per worker, one per
 * shop) is used here with handlers standing for a long and a short transcode: the short clip of
 * another shop finishes while the long one runs, and the same shop's second clip waits.
 */
let database: Database;
let queue: Queue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = createQueue(database, { supervise: false });
  await queue.start();
});
afterAll(async () => {
  // Graceful: the released clips finish before the database closes under them.
  await queue.stop({ graceful: true, timeout: 10_000, close: true });
  await database.close();
});

describe('clip processing fairness', () => {
  it("runs another shop's short clip while a long one runs, one clip per shop", async () => {
    const events: string[] = [];
    let releaseLong = () => {};
    const longRunning = new Promise<void>((resolve) => {
      releaseLong = resolve;
    });
    let shortDone = () => {};
    const short = new Promise<void>((resolve) => {
      shortDone = resolve;
    });
    const job: JobDefinition = {
      name: 'test-fair-clips',
      concurrency: processClipJob.concurrency,
      handler: async (data) => {
        const { clip } = data as { clip: string };
        events.push(`start ${clip}`);
        if (clip === 'a-long') await longRunning;
        events.push(`end ${clip}`);
        if (clip === 'b-short') shortDone();
      },
    };
    expect(processClipJob.concurrency).toEqual({ local: 2, perGroup: 1 });
    await startWorkers(queue, {} as JobContext, [job]);
    await queue.send(job.name, { clip: 'a-long' }, { group: { id: 'shop-a' } });
    // The long clip runs before the others are sent: two jobs sent within the same instant have
    // no order pg-boss keeps, and the point is what happens while the long one runs.
    for (let waited = 0; !events.includes('start a-long') && waited < 20_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await queue.send(job.name, { clip: 'a-second' }, { group: { id: 'shop-a' } });
    await queue.send(job.name, { clip: 'b-short' }, { group: { id: 'shop-b' } });
    let guard: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      short.then(() => 'short done' as const),
      new Promise<'stuck'>((resolve) => {
        guard = setTimeout(() => resolve('stuck'), 20_000);
      }),
    ]);
    clearTimeout(guard);
    expect(outcome, events.join(', ')).toBe('short done');
    // The long clip is still running and its shop's second clip has not started.
    expect(events).toContain('start a-long');
    expect(events).not.toContain('end a-long');
    expect(events).not.toContain('start a-second');
    releaseLong();
  }, 40_000);
});

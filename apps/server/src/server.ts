import { type App, buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import { createDeps } from './deps';
import { seedDiscountCodes } from './features/billing';
import { releaseDeliveryLeases } from './features/notifications';
import type { Queue } from './jobs/queue';
import {
  createQueues,
  JOBS,
  type JobDefinition,
  retryOrphanedJobs,
  startWorkers,
} from './jobs/workers';
import { killRunningTools, sweepWorkDirs } from './platform/media';
import type { LocalObjectStore } from './platform/storage/local-store';

export interface RunningServer {
  app: App;
  database: Database;
  queue: Queue;
  /** Graceful stop: no new connections, in-flight requests and jobs finish, then the database closes. */
  stop(): Promise<void>;
}

/** Opens the database, starts the queue (and workers per role) and the HTTP server. */
export async function startServer(
  config: Config,
  options: {
    jobs?: JobDefinition[];
    logger?: boolean;
    adminDist?: string | null;
    widgetBundle?: string | null;
  } = {},
): Promise<RunningServer> {
  const runsWorkers = config.ROLE !== 'web' && config.JOBS_ENABLED;
  const deps = await createDeps(config, {
    supervise: runsWorkers,
    adminDist: options.adminDist,
    widgetBundle: options.widgetBundle,
  });
  const { database, queue } = deps;
  // The catalogue itself is deps.catalogue (in memory). Its demo discount codes are seeded where
  // the offline stand-ins run (sandbox mode, or tests and demos with ALLOW_SANDBOX_SERVICES); a
  // production shop's codes are staff's.
  if (config.PLATFORM === 'sandbox' || config.ALLOW_SANDBOX_SERVICES) {
    await seedDiscountCodes(database.db, deps.catalogue);
  }
  await queue.start();
  const jobs = options.jobs ?? JOBS;
  if (runsWorkers) {
    // What a worker killed with SIGKILL left: its ffmpeg still running, its work folders.
    const swept = await sweepWorkDirs(config.DATA_DIR);
    if (swept.folders > 0) console.warn('[jobs] swept work of a dead worker', swept);
    if (database.kind === 'pglite') {
      // Embedded: no other process runs jobs or deliveries, so what is left running is orphaned.
      await createQueues(queue, jobs);
      const orphaned = await retryOrphanedJobs(queue, jobs);
      await releaseDeliveryLeases(database.db);
      if (orphaned > 0) console.warn('[jobs] retried jobs of a stopped process', orphaned);
    }
    await startWorkers(queue, deps, jobs);
  } else await createQueues(queue, jobs);

  const app = await buildApp(deps, {
    logger: options.logger ?? true,
    routes: config.ROLE === 'worker' ? 'health' : 'all',
  });
  // Partial uploads of a process killed mid-upload: older than any upload still allowed to run.
  if (deps.media.kind === 'local' && config.ROLE !== 'worker') {
    await (deps.media as LocalObjectStore).sweepTemp(config.UPLOAD_BODY_TIMEOUT_MS + 60_000);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  // Fastify lists every address it listens on; this is the one to open (the admin in sandbox mode).
  if (config.ROLE !== 'worker') app.log.info(`Popstage is ready: open ${config.APP_URL}/`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await app.close();
      await queue.stop({ graceful: true, timeout: config.SHUTDOWN_TIMEOUT_MS, close: true });
      // Jobs still running after the grace are retried elsewhere: their ffmpeg must not run on.
      killRunningTools();
      await deps.push.close();
      await database.close();
    })();
    return stopping;
  };
  return { app, database, queue, stop };
}

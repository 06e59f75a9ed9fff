import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { installCatalogue, readCatalogueFile } from './features/billing/catalogue-store';
import { createQueue, type Queue } from './jobs/queue';
import { createQueues, JOBS, type JobDefinition, startWorkers } from './jobs/workers';
import { systemClock } from './platform/clock';
import type { StorePlatform } from './platform/port';
import { createSandboxStore } from './platform/sandbox/sandbox-platform';
import type { SandboxStore } from './platform/sandbox/store';
import { createServicePorts } from './platform/services';
import { createShopifyPlatform } from './platform/shopify';

export const DEFAULT_ADMIN_DIST = resolve(fileURLToPath(import.meta.url), '../../../admin/dist');
export const DEFAULT_WIDGET_BUNDLE = resolve(
  fileURLToPath(import.meta.url),
  '../../../widget/dist/popstage.js',
);

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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await installCatalogue(database.db, readCatalogueFile(), {
    seedDiscountCodes: config.PLATFORM === 'sandbox',
  });
  const runsWorkers = config.ROLE !== 'web' && config.JOBS_ENABLED;
  const queue = createQueue(database, { supervise: runsWorkers });
  await queue.start();

  const sandbox: SandboxStore | null =
    config.PLATFORM === 'sandbox'
      ? createSandboxStore(database.db, { baseUrl: config.APP_URL })
      : null;
  await sandbox?.seed();
  const platform: StorePlatform =
    sandbox ??
    createShopifyPlatform(database.db, {
      apiKey: config.SHOPIFY_API_KEY,
      apiSecret: config.SHOPIFY_API_SECRET,
      apiVersion: config.SHOPIFY_API_VERSION,
      billingTest: config.SHOPIFY_BILLING_TEST,
      appUrl: config.APP_URL,
      themeExtension: config.SHOPIFY_THEME_EXTENSION,
    });

  const clock = systemClock;
  const ports = createServicePorts(config, database.db, clock);
  const jobs = options.jobs ?? JOBS;
  if (runsWorkers) {
    await startWorkers(
      queue,
      { config, database, clock, media: ports.media, social: ports.social, platform, queue },
      jobs,
    );
  } else await createQueues(queue, jobs);

  const app = await buildApp(
    {
      config,
      database,
      queue,
      platform,
      sandbox,
      adminDist: options.adminDist === undefined ? DEFAULT_ADMIN_DIST : options.adminDist,
      widgetBundle:
        options.widgetBundle === undefined ? DEFAULT_WIDGET_BUNDLE : options.widgetBundle,
      ...ports,
      clock,
    },
    { logger: options.logger ?? true, routes: config.ROLE === 'worker' ? 'health' : 'all' },
  );
  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await app.close();
      await queue.stop({ graceful: true, timeout: config.SHUTDOWN_TIMEOUT_MS, close: true });
      await database.close();
    })();
    return stopping;
  };
  return { app, database, queue, stop };
}

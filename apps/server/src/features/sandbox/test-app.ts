import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { installErrorHandling } from '../../http/errors';
import { createQueue } from '../../jobs/queue';
import { createQueues } from '../../jobs/workers';
import { systemClock } from '../../platform/clock';
import { createSandboxStore, type SandboxStore } from '../../platform/sandbox/store';
import { createServicePorts } from '../../platform/services';
import { installCatalogue, readCatalogueFile } from '../billing/catalogue-store';
import { sandboxRoutes } from './routes';

/** The /sandbox routes alone on an in-memory database with the store and catalogue seeded. */
export interface SandboxTestApp {
  app: FastifyInstance;
  database: Database;
  sandbox: SandboxStore;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startSandboxApp(): Promise<SandboxTestApp> {
  const config = loadConfig({});
  const database = await openDatabase({ dataDir: 'memory://' });
  const sandbox = createSandboxStore(database.db, { baseUrl: config.APP_URL });
  await sandbox.seed();
  await installCatalogue(database.db, readCatalogueFile(), { seedDiscountCodes: true });
  // Controls queue jobs (a flag change recounts product pages); nothing runs them here.
  const queue = createQueue(database, { supervise: false });
  await queue.start();
  await createQueues(queue);
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps: AppDeps = {
    config,
    database,
    queue,
    platform: sandbox,
    sandbox,
    adminDist: null,
    widgetBundle: null,
    ...createServicePorts(config, database.db, systemClock),
    clock: systemClock,
  };
  app.decorate('deps', deps);
  installErrorHandling(app);
  await app.register(sandboxRoutes, { prefix: '/sandbox' });
  await app.ready();
  return {
    app,
    database,
    sandbox,
    deps,
    async close() {
      await app.close();
      await queue.stop({ graceful: false, close: true });
      await database.close();
    },
  };
}

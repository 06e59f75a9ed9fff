import type { SandboxStore } from '@popstage/shopify-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { type AppDeps, createDeps } from '../deps';
import { mobilePublicRoutes } from '../features/mobile';
import { operatorRoutes } from '../features/operator';
import { installErrorHandling } from '../http/errors';
import { createTestClock, installOnSandboxShops, startTestDeps, type TestClock } from './app';
import { createTestDatabase } from './database';

/** The /sandbox routes alone on a fresh test database with the store and catalogue seeded. */
export interface SandboxTestApp {
  app: FastifyInstance;
  database: Database;
  sandbox: SandboxStore;
  deps: AppDeps;
  clock: TestClock;
  /** Warnings and errors the app logged (parsed pino lines). */
  logs: { level: number; msg: string; [field: string]: unknown }[];
  close(): Promise<void>;
}

/**
 * PGlite, or PostgreSQL with TEST_DATABASE_URL. The app's webhook routes are not registered: a
 * delivery meets a 404 (the local Shopify's own tests read deliveries with its harness). Jobs the
 * controls queue (a flag change recounts product pages) never run.
 */
export async function startSandboxApp(): Promise<SandboxTestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const clock = createTestClock();
  const deps = await createDeps(config, {
    database: await createTestDatabase(),
    clock,
    adminDist: null,
    widgetBundle: null,
    supervise: false,
  });
  const { database, queue } = deps;
  const sandbox = deps.sandbox as SandboxStore;
  await startTestDeps(deps);
  const logs: SandboxTestApp['logs'] = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  installErrorHandling(app);
  if (!deps.localShopify) throw new Error('the sandbox test app runs the local Shopify in process');
  await app.register(deps.localShopify.plugin, { prefix: '/sandbox' });
  deps.localShopify.bind(app);
  await app.register(operatorRoutes);
  // What the sandbox phone reads: the branded app's public config.
  await app.register(mobilePublicRoutes);
  await app.ready();
  await installOnSandboxShops(deps);
  return {
    app,
    database,
    sandbox,
    deps,
    clock,
    logs,
    async close() {
      await app.close();
      await queue.stop({ graceful: false, close: true });
      await database.close();
    },
  };
}

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { installErrorHandling } from '../../http/errors';
import { createSandboxStore, type SandboxStore } from '../../platform/sandbox/store';
import { createServicePorts } from '../../platform/services';
import { createTestClock, type TestClock } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { sandboxRoutes } from './routes';
import { ORDERS_CREATE_PATH } from './storefront-order-webhook';

/** A webhook delivery as the receiving endpoint saw it: headers and the raw bytes. */
export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface StoreTestApp {
  app: FastifyInstance;
  database: Database;
  sandbox: SandboxStore;
  deps: AppDeps;
  clock: TestClock;
  /** orders/create deliveries received, when the app was started with a webhook receiver. */
  received: ReceivedWebhook[];
  /** Warnings and errors the app logged (parsed pino lines). */
  logs: { level: number; msg: string; [field: string]: unknown }[];
  close(): Promise<void>;
}

/**
 * The /sandbox routes on a fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * optionally with a stand-in orders/create endpoint answering `webhookStatus`, so tests can read
 * exactly what the sandbox checkout delivers. Without it the delivery meets a 404.
 */
export async function startStoreApp(
  options: { webhookStatus?: number } = {},
): Promise<StoreTestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const database = await createTestDatabase();
  const sandbox = createSandboxStore(database.db, { baseUrl: config.APP_URL });
  await sandbox.seed();
  const clock = createTestClock();
  const logs: StoreTestApp['logs'] = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps: AppDeps = {
    config,
    database,
    queue: null as never,
    platform: sandbox,
    sandbox,
    adminDist: null,
    widgetBundle: null,
    ...createServicePorts(config, database.db, clock),
    clock,
  };
  app.decorate('deps', deps);
  installErrorHandling(app);
  await app.register(sandboxRoutes, { prefix: '/sandbox' });
  const received: ReceivedWebhook[] = [];
  const { webhookStatus } = options;
  if (webhookStatus !== undefined) {
    await app.register(async (receiver) => {
      receiver.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      receiver.post(ORDERS_CREATE_PATH, async (request, reply) => {
        received.push({ headers: { ...request.headers }, rawBody: request.body as Buffer });
        return reply.status(webhookStatus).send({ ok: webhookStatus < 300 });
      });
    });
  }
  await app.ready();
  return {
    app,
    database,
    sandbox,
    deps,
    clock,
    received,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A shopper's browser on one sandbox store: requests carry the `cart` cookie the store last set,
 * as a browser would on that path.
 */
export function shopperOf(app: FastifyInstance, shop: string) {
  const root = `/sandbox/store/${shop}`;
  let cookie: string | null = null;
  return {
    root,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
    async request(method: 'GET' | 'POST', path: string, payload?: unknown, form = false) {
      const response = await app.inject({
        method,
        url: `${root}${path}`,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as string | object }),
      });
      const set = response.cookies.find((c) => c.name === 'cart');
      if (set) cookie = `cart=${set.value}`;
      return response;
    },
  };
}

import { type App, type AppDeps, buildApp } from '../app';
import { signSessionToken } from '../auth/session-token';
import { loadConfig } from '../config';
import { installCatalogue, readCatalogueFile } from '../features/billing/catalogue-store';
import { createQueue } from '../jobs/queue';
import { createSandboxStore } from '../platform/sandbox/sandbox-platform';
import { createTestDatabase } from './database';

export const SHOP_A = 'demo-store.myshopify.com';
export const SHOP_B = 'other-store.myshopify.com';

export interface TestApp {
  app: App;
  deps: AppDeps;
  /** Authorization headers carrying a fresh session token for the shop. */
  auth(shop: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** The whole app on a fresh database with the seeded sandbox store, for Fastify inject tests. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const database = await createTestDatabase();
  await installCatalogue(database.db, readCatalogueFile(), { seedDiscountCodes: true });
  const queue = createQueue(database, { supervise: false });
  await queue.start();
  const sandbox = createSandboxStore(database.db, { baseUrl: config.APP_URL });
  await sandbox.seed();
  const deps: AppDeps = { config, database, queue, platform: sandbox, sandbox, adminDist: null };
  const app = await buildApp(deps);
  await app.ready();
  const keys = { apiKey: config.SHOPIFY_API_KEY, apiSecret: config.SHOPIFY_API_SECRET };
  return {
    app,
    deps,
    auth: async (shop) => ({ authorization: `Bearer ${await signSessionToken(keys, shop)}` }),
    close: async () => {
      await app.close();
      await queue.stop({ graceful: false, close: true });
      await database.close();
    },
  };
}

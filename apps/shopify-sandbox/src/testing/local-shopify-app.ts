import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openLocalShopify } from '../local-shopify';
import { openStoreDb, type StoreDb } from '../store/database';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import type { SandboxStore } from '../store/store';
import { createTestStoreConnection } from '../store/test-database';

/** A webhook delivery as the app's endpoint saw it: headers and the raw bytes. */
export interface ReceivedWebhook {
  url: string;
  headers: Record<string, string>;
  rawBody: Buffer;
}

/** The app's key and secret here: the sandbox defaults (main.ts), which webhooks are signed with. */
export const TEST_APP = {
  apiKey: 'popstage-sandbox-key',
  apiSecret: 'popstage-sandbox-secret-do-not-use',
  url: 'http://localhost:3000',
};

/** The local Shopify alone, mounted at /sandbox on a fresh database with both shops seeded. */
export interface LocalShopifyTestApp {
  app: FastifyInstance;
  store: SandboxStore;
  db: StoreDb;
  /** The store's clock: tokens and webhook retries are due by it. */
  clock: { now(): Date; advance(ms: number): void };
  /** Webhooks delivered to the app, in order. */
  received: ReceivedWebhook[];
  /** What the stand-in app answers every delivery from now on. */
  answerWebhooksWith(status: number): void;
  /** Sends the webhooks whose retry is due by `clock`. */
  retryWebhooks(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The app is a stand-in: every request the store makes to it (webhooks) is recorded and answered
 * with `webhookStatus` (404 by default, as an app without that route). Retries run only when a
 * test calls `retryWebhooks`, by the test clock.
 */
export async function startLocalShopify(
  options: { webhookStatus?: number } = {},
): Promise<LocalShopifyTestApp> {
  const { connection, close } = await createTestStoreConnection();
  let current = Date.now();
  let webhookStatus = options.webhookStatus ?? 404;
  const received: ReceivedWebhook[] = [];
  const appFetch: typeof fetch = async (input, init) => {
    received.push({
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      rawBody: Buffer.from(String(init?.body ?? '')),
    });
    return Response.json({ ok: webhookStatus < 300 }, { status: webhookStatus });
  };
  const shopify = await openLocalShopify(connection, {
    baseUrl: TEST_APP.url,
    app: TEST_APP,
    fetch: appFetch,
    now: () => current,
    webhookRetryIntervalMs: 0,
  });
  await shopify.store.seed();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(shopify.plugin, { prefix: '/sandbox' });
  await app.ready();
  return {
    app,
    store: shopify.store,
    // Already migrated by openLocalShopify: this only opens a second handle on the connection.
    db: await openStoreDb(connection),
    clock: {
      now: () => new Date(current),
      advance: (ms) => {
        current += ms;
      },
    },
    received,
    answerWebhooksWith: (status) => {
      webhookStatus = status;
    },
    retryWebhooks: shopify.retryWebhooks,
    async close() {
      await app.close();
      await close();
    },
  };
}

/**
 * The calling test file's local Shopify: started before its tests, closed after them. With
 * `resetEach`, each test starts on both shops as seeded and with no webhook received yet. Its
 * fields are set once the file's tests run.
 */
export function useLocalShopify(
  options: { webhookStatus?: number; resetEach?: boolean } = {},
): LocalShopifyTestApp {
  const harness = {} as LocalShopifyTestApp;
  beforeAll(async () => {
    Object.assign(harness, await startLocalShopify(options));
  });
  afterAll(() => harness.close?.());
  if (options.resetEach) {
    beforeEach(async () => {
      for (const shop of [DEMO_SHOP, OTHER_SHOP]) {
        await harness.app.inject({ method: 'POST', url: `/sandbox/api/shops/${shop}/reset` });
      }
      harness.received.length = 0;
    });
  }
  return harness;
}

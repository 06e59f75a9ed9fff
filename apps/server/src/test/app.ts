import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeMedia, memoryStorage } from '@popstage/live/testing';
import { callAsShop, type Method, type ShopCall, sessionToken } from '@popstage/testkit/shop';
import type { LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type AppDeps, createDeps } from '../deps';
import { seedDiscountCodes } from '../features/billing';
import { createQueues, runQueuedJobs } from '../jobs/workers';
import { createTestClock, type TestClock } from './clock';
import { createTestDatabase } from './database';

export { createTestClock, type TestClock } from './clock';

export const SHOP_A = 'demo-store.myshopify.com';
export const TEST_BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SHOP_B = 'other-store.myshopify.com';

/** What Shopify mode requires besides Shopify: real SMS, bot check, live platform and push settings. */
export const SHOPIFY_MODE_ENV = {
  PLATFORM: 'shopify',
  SHOPIFY_API_KEY: 'key',
  SHOPIFY_API_SECRET: 'a-very-long-shopify-secret',
  APP_URL: 'https://popstage.example.com',
  TOKEN_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  OTP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM: '+15550000000',
  TURNSTILE_SECRET_KEY: 'turnstile-secret',
  TURNSTILE_SITE_KEY: 'turnstile-site',
  LIVE_PLATFORM_URL: 'https://live.example.com',
  LIVE_PLATFORM_API_KEY: 'live-key',
  FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({
    project_id: 'popstage-test',
    client_email: 'push@popstage-test.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\\n(not a key)\\n-----END PRIVATE KEY-----\\n',
  }),
  APNS_KEY_ID: 'ABC123DEFG',
  APNS_TEAM_ID: 'TEAM123456',
  APNS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\n(not a key)\\n-----END PRIVATE KEY-----',
  APNS_BUNDLE_PREFIX: 'app.popstage',
} as const;

export interface TestApp {
  app: App;
  deps: AppDeps;
  clock: TestClock;
  /** Authorization headers carrying a fresh session token for the shop. */
  auth(shop: string): Promise<{ authorization: string }>;
  /**
   * Calls a route as `shop` through Fastify's inject (the test kit's call as a shop); the extra
   * argument is the caller's IP address.
   */
  asShop: ShopCall<LightMyRequestResponse, string>;
  /** Runs the queued background jobs now (no workers poll in tests); answers how many ran. */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Ports a test may replace (e.g. a failing live platform or a refusing bot check), and the
 * catalogue (an add-on with figures the committed one does not sell). A database passed in
 * (another app's: a restart with other settings) stays open when this app closes.
 */
export type TestOverrides = Partial<
  Pick<
    AppDeps,
    | 'otp'
    | 'botCheck'
    | 'live'
    | 'media'
    | 'social'
    | 'widgetBundle'
    | 'helpCenter'
    | 'catalogue'
    | 'database'
  >
>;

/** The catalogue's discount codes seeded and the queue started with its queues: before any route. */
export async function startTestDeps(deps: AppDeps): Promise<void> {
  await seedDiscountCodes(deps.database.db, deps.catalogue);
  await deps.queue.start();
  await createQueues(deps.queue);
}

/**
 * Both sandbox shops have the app installed (an offline token exchanged), as after a merchant's
 * first open, so services and jobs reach their Admin API from the first test. Answers the app's
 * keys, which sign the session tokens.
 */
export async function installOnSandboxShops(deps: AppDeps) {
  const keys = { apiKey: deps.config.SHOPIFY_API_KEY, apiSecret: deps.config.SHOPIFY_API_SECRET };
  for (const shop of [SHOP_A, SHOP_B]) {
    await deps.platform.authorize?.(shop, await sessionToken(keys, shop));
  }
  return keys;
}

/** The whole app on a fresh database with the seeded sandbox store, for Fastify inject tests. */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  overrides: TestOverrides = {},
): Promise<TestApp> {
  // Media and other files go to a directory of the test's own, removed at close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'popstage-test-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const clock = createTestClock();
  // The live service's media in memory; an ended show's replay is a real test-pattern MP4.
  const liveMedia = fakeMedia(memoryStorage(`${config.APP_URL}/live-service/media`).storage, {
    now: () => clock.now().getTime(),
    replayVideo: true,
  }).media;
  const deps = await createDeps(config, {
    database: overrides.database ?? (await createTestDatabase()),
    clock,
    liveMedia,
    adminDist: null,
    widgetBundle: null,
    supervise: false,
    ...overrides,
  });
  const { database, queue } = deps;
  await startTestDeps(deps);
  const app = await buildApp(deps);
  // Injected requests stand for a shopper's browser unless a test says otherwise: inject's own
  // user agent (lightMyRequest) reads as an HTTP tool, whose storefront events count nothing.
  app.addHook('onRequest', async (request) => {
    if (request.headers['user-agent'] === 'lightMyRequest') {
      request.headers['user-agent'] = TEST_BROWSER_USER_AGENT;
    }
  });
  await app.ready();
  const keys = await installOnSandboxShops(deps);
  return {
    app,
    deps,
    clock,
    auth: async (shop) => ({ authorization: `Bearer ${await sessionToken(keys, shop)}` }),
    asShop: callAsShop(keys, ({ method, url, headers, body }, remoteAddress?: string) =>
      app.inject({
        method,
        url,
        headers,
        ...(body === undefined ? {} : { payload: body }),
        ...(remoteAddress ? { remoteAddress } : {}),
      }),
    ),
    runJobs: () => runQueuedJobs(queue, deps),
    close: async () => {
      await app.close();
      await queue.stop({ graceful: false, close: true });
      if (!overrides.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `t.asShop` for helpers that take the test app first; `remoteAddress` is the caller's IP. */
export function call(
  t: TestApp,
  shop: string,
  method: Method,
  url: string,
  payload?: object,
  remoteAddress?: string,
) {
  return t.asShop(shop, method, url, payload, remoteAddress);
}

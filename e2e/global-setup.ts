import { randomBytes } from 'node:crypto';
import { freePort, type StartedApp, startApp, startLocalShopify } from '@popstage/testkit/app';
import type { TestProject } from 'vitest/node';

/** What a test worker needs of its app (worker-app.ts puts it in the environment). */
export interface E2eApp {
  baseUrl: string;
  /** The local Shopify's origin: the app's own in sandbox mode. */
  shopifyUrl: string;
  apiKey: string;
  apiSecret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eApps: E2eApp[];
  }
}

/**
 * One started app per test worker, for the whole run: files run two at a time and every journey
 * resets and uses the demo shop, so each worker's files go to an app of their own, one after
 * another as before. The apps reach the workers through `provide` (worker-app.ts picks the one of
 * its VITEST_POOL_ID). Journeys reset the shops they use via /sandbox.
 * The per-IP storefront limit and per-address view and like caps are raised: view-limits.e2e.ts
 * sends over 1,000 shoppers' views from this one address (the limits themselves are covered by
 * the storefront integration tests and the reliability suite).
 *
 * The e2e-shopify project runs its journeys with the app in Shopify mode (PLATFORM=shopify, the
 * production code path: no local Shopify inside the app) against the local Shopify running alone
 * on its own port, as a real store would be: another origin for the admin, the storefront and
 * webhooks. The app's own offline services (SMS, bot check, live) stay on
 * (ALLOW_SANDBOX_SERVICES): they are not Shopify.
 */
export default async function setup(project: TestProject) {
  const shopifyMode = project.name === 'e2e-shopify';
  const started: StartedApp[] = [];
  const stop = async () => {
    await Promise.all(started.reverse().map((server) => server.stop()));
  };
  const startOne = async (): Promise<E2eApp> => {
    if (!shopifyMode) {
      const app = await startApp(LIMITS);
      started.push(app);
      return { baseUrl: app.baseUrl, shopifyUrl: app.baseUrl, ...app.keys };
    }
    const port = await freePort();
    const keys = { apiKey: 'popstage-e2e-key', apiSecret: randomBytes(24).toString('hex') };
    const operatorToken = randomBytes(32).toString('hex');
    const store = await startLocalShopify({
      appUrl: `http://127.0.0.1:${port}`,
      keys,
      operatorToken,
    });
    started.push(store);
    const app = await startApp(
      {
        ...LIMITS,
        PLATFORM: 'shopify',
        ALLOW_SANDBOX_SERVICES: 'true',
        SHOPIFY_ADMIN_URL: `${store.baseUrl}/sandbox`,
        SHOPIFY_API_KEY: keys.apiKey,
        SHOPIFY_API_SECRET: keys.apiSecret,
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        OPERATOR_API_TOKEN: operatorToken,
      },
      { port },
    );
    started.push(app);
    return { baseUrl: app.baseUrl, shopifyUrl: store.baseUrl, ...app.keys };
  };
  // One after another: on 2 cores, starting them at once takes as long in all and makes each
  // start slower (each must answer within testkit's 120 s, with the unit suite running beside).
  const apps: E2eApp[] = [];
  try {
    for (let worker = 0; worker < project.globalConfig.maxWorkers; worker++) {
      apps.push(await startOne());
    }
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('e2eApps', apps);
  return stop;
}

/** Journeys send many shoppers' events from this one address: its per-address caps too. */
const LIMITS = {
  STOREFRONT_RATE_LIMIT: '100000',
  STOREFRONT_VIEWS_PER_ADDRESS: '100000',
  STOREFRONT_VIEWS_PER_SITE: '100000',
  STOREFRONT_VISITORS_PER_ADDRESS: '100000',
  STOREFRONT_VISITORS_PER_SITE: '100000',
  STOREFRONT_LIKES_PER_ADDRESS: '100000',
};

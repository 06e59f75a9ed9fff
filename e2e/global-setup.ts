import { randomBytes } from 'node:crypto';
import { freePort, type StartedApp, startApp, startLocalShopify } from '@popstage/testkit/app';

/**
 * One started app for the whole e2e run; its URL and app keys reach the test workers through the
 * environment (they are forked after this runs). Journeys reset the shops they use via /sandbox.
 * The per-IP storefront limit and per-address view and like caps are raised: view-limits.e2e.ts
 * sends over 1,000 shoppers' views from this one address (the limits themselves are covered by
 * the storefront integration tests and the reliability suite).
 *
 * E2E_PLATFORM=shopify runs the same journeys with the app in Shopify mode (PLATFORM=shopify, the
 * production code path: no local Shopify inside the app) against the local Shopify running alone
 * on its own port, as a real store would be: another origin for the admin, the storefront and
 * webhooks. The app's own offline services (SMS, bot check, live) stay on
 * (ALLOW_SANDBOX_SERVICES): they are not Shopify.
 */
export default async function setup() {
  // Journeys send many shoppers' events from this one address: its per-address caps too.
  const env = {
    STOREFRONT_RATE_LIMIT: '100000',
    STOREFRONT_VIEWS_PER_ADDRESS: '100000',
    STOREFRONT_VIEWS_PER_SITE: '100000',
    STOREFRONT_VISITORS_PER_ADDRESS: '100000',
    STOREFRONT_VISITORS_PER_SITE: '100000',
    STOREFRONT_LIKES_PER_ADDRESS: '100000',
  };
  const started: StartedApp[] = [];
  let app: StartedApp;
  let store: StartedApp | null = null;
  if (process.env.E2E_PLATFORM === 'shopify') {
    const port = await freePort();
    const keys = { apiKey: 'popstage-e2e-key', apiSecret: randomBytes(24).toString('hex') };
    const operatorToken = randomBytes(32).toString('hex');
    store = await startLocalShopify({ appUrl: `http://127.0.0.1:${port}`, keys, operatorToken });
    started.push(store);
    app = await startApp(
      {
        ...env,
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
  } else {
    app = await startApp(env);
  }
  started.push(app);
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_SHOPIFY_URL = store?.baseUrl ?? app.baseUrl;
  process.env.E2E_SHOPIFY_API_KEY = app.keys.apiKey;
  process.env.E2E_SHOPIFY_API_SECRET = app.keys.apiSecret;
  return async () => {
    for (const server of started.reverse()) await server.stop();
  };
}

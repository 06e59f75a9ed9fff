import { startApp } from '@popstage/testkit/app';

/**
 * One started app for the whole e2e run; its URL and app keys reach the test workers through the
 * environment (they are forked after this runs). Journeys reset the shops they use via /sandbox.
 * The per-IP storefront limit is raised: view-limits.e2e.ts sends over 1,000 shoppers' views
 * from this one address (the limit itself is covered by the storefront integration tests).
 */
export default async function setup() {
  const app = await startApp({ STOREFRONT_RATE_LIMIT: '100000' });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_SHOPIFY_API_KEY = app.keys.apiKey;
  process.env.E2E_SHOPIFY_API_SECRET = app.keys.apiSecret;
  return () => app.stop();
}

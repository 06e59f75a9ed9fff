import { inject } from 'vitest';

/**
 * Runs before each journey file: points it at its worker's app (global-setup.ts started one per
 * worker, and a worker runs one file at a time). The journeys and their helpers read these.
 */
const apps = inject('e2eApps');
const app = apps[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % apps.length];
if (!app) throw new Error('global-setup.ts did not start the apps');
process.env.E2E_BASE_URL = app.baseUrl;
process.env.E2E_SHOPIFY_URL = app.shopifyUrl;
process.env.E2E_SHOPIFY_API_KEY = app.apiKey;
process.env.E2E_SHOPIFY_API_SECRET = app.apiSecret;

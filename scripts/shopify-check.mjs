// `npm run shopify:check`: every offline check of Shopify production readiness (issue 13) in one
// go, before a deploy or a move to a new API version. Shopify's theme-check first, then the tests
// below through the local Shopify, grouped by the points so a missing one shows.
import { spawnSync } from 'node:child_process';

const CHECKS = {
  '1 App Bridge and the API key at serve time': ['apps/server/src/app-framing.test.ts'],
  '2 Expiring offline tokens, encryption and its rotation, scopes': [
    'apps/server/src/platform/shopify/', // token exchange, refresh, scopes, documents, storefront
    'apps/server/src/auth/token-cipher.test.ts',
    'apps/server/src/auth/reencrypt-secrets.test.ts',
    'apps/server/src/features/account/accounts.test.ts', // csToken stored encrypted
    'apps/server/src/features/shop/', // scopes_update, app_url metafield
    'apps/server/src/features/install/uninstall.test.ts',
    'apps/server/src/config.test.ts', // TOKEN_ENCRYPTION_KEY required
  ],
  '3 API version; documents valid, not deprecated, within cost (Admin and Storefront)': [
    // platform/shopify/ above holds queries/documents.test.ts and storefront/queries.test.ts.
    'apps/shopify-sandbox/src/graphql/cost.test.ts',
    'apps/shopify-sandbox/src/schema/load-schema.test.ts',
  ],
  '4 Onboarding checks: app embed, sales channel and the publish step': [
    'apps/server/src/features/onboarding/',
    'apps/admin/src/features/onboarding/',
  ],
  '5 Queries within limits; the storefront feed never calls Shopify': [
    'apps/server/src/features/storefront/product-snapshot.test.ts',
  ],
  // 6 Storefront API catalogue: platform/shopify/storefront/ (under point 2's folder).
  '7 Privacy and consent': [
    'apps/widget/src/consent.test.ts',
    'apps/server/src/features/compliance/',
    'apps/server/src/sandbox/privacy-requests.test.ts',
    'apps/server/src/sandbox/protected-customer-data.test.ts',
    'apps/admin/src/features/analytics/InsightsPage.test.tsx',
  ],
  '8 Production configuration': [
    'apps/server/src/cross-origin.test.ts', // config.test.ts: under point 2
  ],
  '9 Theme app extension (theme-check runs first)': [
    'apps/shopify-sandbox/src/theme/render-app-blocks.test.ts',
  ],
  '10 Deploy path: the app against a local Shopify running alone': [
    'apps/server/src/sandbox/standalone.test.ts',
  ],
  // Issue 27 (the adapter's part of each is under point 2's platform/shopify/ folder).
  'Issue 27.1 Every domain the shop serves: CORS follows shop/update and domains/* (e2e: storefront-domains)':
    ['apps/server/src/sandbox/storefront-domains.test.ts'],
  'Issue 27.2 Test charges exactly on development stores, or forced': [
    'apps/server/src/features/billing/test-charges.test.ts',
    'apps/server/src/platform/shopify/billing.test.ts',
  ],
  "Issue 27.3 The app embed by the app's own handle or the extension uuid": [
    'apps/server/src/platform/shopify/app-embed.test.ts',
    'apps/server/src/platform/shopify/theme-extension.test.ts',
  ],
  'Issue 27.4 shop/redact and customers/redact act whenever they arrive': [
    'apps/server/src/reliability/webhook-replay.test.ts',
  ],
  // Issue 27 point 5: the local Shopify refuses what Shopify refuses; point 6: checked against
  // Shopify's documented answers (the conformance suite lists each one).
  '11 A strict local Shopify and its conformance suite': [
    'apps/shopify-sandbox/src/graphql/', // variables, NaN property test, costs, refunds, errors
    'apps/shopify-sandbox/src/admin-api/plugin.test.ts', // versions, scopes, ids, $app, refresh
    'apps/shopify-sandbox/src/storefront-api/plugin.test.ts', // channel, tokenless
    'apps/shopify-sandbox/src/webhooks/delivery.test.ts', // event id on retries
    'apps/shopify-sandbox/src/conformance/',
    'apps/server/src/sandbox/access-scopes.test.ts', // narrowed scopes fail the app, toml's pass
  ],
};

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

if (run('npm', ['run', '-s', 'check:theme']) !== 0) process.exit(1);
const projects = ['server', 'shopify-sandbox', 'admin', 'widget'].flatMap((name) => [
  '--project',
  name,
]);
process.exit(run('npx', ['vitest', 'run', ...projects, ...Object.values(CHECKS).flat()]));

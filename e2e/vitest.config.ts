import { configDefaults, defineConfig } from 'vitest/config';

// Each journey runs once, in one of two passes (CI's time budget: docs/decisions.md "E2E in
// Shopify mode"). The Shopify-mode pass (E2E_PLATFORM=shopify) runs the app as deployed,
// PLATFORM=shopify, against the local Shopify as a separate process on another origin, as a real
// store is: it takes the journeys whose subject is Shopify's side (the embedded admin frame and
// session tokens, billing approval, the storefront's checkout and orders/create webhook, the
// Customer Privacy API, protected customer data in Insights, the Storefront API behind the
// mobile builder). The first pass, sandbox mode, is what `npm start` gives a newcomer: it runs
// every other journey, and the shell journey in both.
const shopifyJourneys = [
  'shell.e2e.ts',
  'billing.e2e.ts',
  'storefront-checkout.e2e.ts',
  'consent.e2e.ts',
  'insights.e2e.ts',
  'mobile.e2e.ts',
];
const shopifyOnly = shopifyJourneys.filter((journey) => journey !== 'shell.e2e.ts');

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: process.env.E2E_PLATFORM === 'shopify' ? shopifyJourneys : ['**/*.e2e.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.E2E_PLATFORM === 'shopify' ? [] : shopifyOnly),
    ],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time: CI has 2 cores and the server needs one.
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';

// The Shopify-mode pass (E2E_PLATFORM=shopify) runs the app against the local Shopify as a
// separate process on another origin, as a real store is. Both passes use the same Shopify
// adapter; what only this pass exercises is the cross-origin part: the embedded admin frame and
// its session tokens, the billing approval and return, and the storefront with its checkout and
// the orders/create webhook over HTTP. These journeys cover that; the rest run in the first
// pass only (CI's time budget: docs/decisions.md "CI runs the server suite once").
const shopifyJourneys = ['shell.e2e.ts', 'billing.e2e.ts', 'storefront-checkout.e2e.ts'];

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: process.env.E2E_PLATFORM === 'shopify' ? shopifyJourneys : ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time: CI has 2 cores and the server needs one.
    fileParallelism: false,
  },
});

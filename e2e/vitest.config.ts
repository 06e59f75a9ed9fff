import { defineConfig } from 'vitest/config';

// The Shopify-mode pass (E2E_PLATFORM=shopify) runs the journeys whose path crosses Shopify's
// APIs (install, billing, products, collections, storefront, checkout, webhooks, channel). These
// four touch no Shopify API (help content, live, the operator console's own app, the ingest
// caps), so a second pass would repeat the first one exactly.
const appOnlyJourneys = [
  'help-center.e2e.ts',
  'live.e2e.ts',
  'operator-console.e2e.ts',
  'view-limits.e2e.ts',
];

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    exclude: process.env.E2E_PLATFORM === 'shopify' ? appOnlyJourneys : [],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time: CI has 2 cores and the server needs one.
    fileParallelism: false,
  },
});

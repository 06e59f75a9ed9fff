import { configDefaults, defineConfig } from 'vitest/config';
import { slowFirst } from './sequencer';

// Each journey runs once, in one of two modes (CI's time budget: docs/decisions.md "E2E in
// Shopify mode"). The Shopify mode (project e2e-shopify) runs the app as deployed,
// PLATFORM=shopify, against the local Shopify as a separate process on another origin, as a real
// store is: it takes the journeys whose subject is Shopify's side (the embedded admin frame and
// session tokens, billing approval, the storefront's checkout and orders/create webhook, the
// Customer Privacy API, protected customer data in Insights, the Storefront API behind the
// mobile builder). Sandbox mode (project e2e) is what `npm start` gives a newcomer: it runs
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

const common = {
  root: import.meta.dirname,
  globalSetup: ['./global-setup.ts'],
  // Points the file at its worker's own app (global-setup.ts starts one per worker).
  setupFiles: [`${import.meta.dirname}/worker-app.ts`],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll's own default is 1 s: a page CI's load holds up for longer (a carousel's preview
  // list took over 1 s, failing a run) would fail a journey that works. A poll that never
  // succeeds still fails, after 30 s; journeys waiting longer name their own timeout.
  expect: { poll: { timeout: 30_000 } },
};

const sandbox = {
  test: {
    ...common,
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    exclude: [...configDefaults.exclude, ...shopifyOnly],
  },
};
const shopify = {
  test: {
    ...common,
    name: 'e2e-shopify',
    include: shopifyJourneys,
    env: { E2E_PLATFORM: 'shopify' },
  },
};

// E2E_PLATFORM=shopify or =sandbox runs one mode alone (as `--project e2e-shopify` does).
const only = process.env.E2E_PLATFORM;

export default defineConfig({
  test: {
    // Both modes in one run, two files at a time: each worker has its own app (and, in Shopify
    // mode, its own local Shopify), so journeys that reset and use the demo shop never meet.
    // The journeys need about 306 s of CPU and took 578 s one at a time: they mostly wait on the
    // app, ffmpeg and Chromium (docs/decisions.md, "CI time under 20 minutes").
    maxWorkers: 2,
    // Longest first, so the two workers finish together: seconds each took with both modes on two
    // workers (2026-11-28, a machine loaded by others: only the order counts).
    sequence: {
      sequencer: slowFirst({
        'e2e-shopify:e2e/insights.e2e.ts': 117,
        'e2e:e2e/view-limits.e2e.ts': 102,
        'e2e:e2e/live.e2e.ts': 83,
        'e2e:e2e/popclips.e2e.ts': 101,
        'e2e:e2e/storefront-delivery.e2e.ts': 78,
        'e2e-shopify:e2e/mobile.e2e.ts': 74,
        'e2e:e2e/merchant-polish.e2e.ts': 72,
        'e2e:e2e/issue31-screens.e2e.ts': 44,
        'e2e-shopify:e2e/shell.e2e.ts': 39,
        'e2e:e2e/operator-console.e2e.ts': 36,
        'e2e:e2e/storefront.e2e.ts': 34,
        'e2e-shopify:e2e/billing.e2e.ts': 33,
        'e2e:e2e/shell.e2e.ts': 31,
        'e2e:e2e/account.e2e.ts': 29,
        'e2e:e2e/collection-carousel.e2e.ts': 27,
        'e2e:e2e/carousels.e2e.ts': 27,
        'e2e:e2e/control-page.e2e.ts': 24,
        'e2e-shopify:e2e/consent.e2e.ts': 23,
        'e2e:e2e/push.e2e.ts': 21,
        'e2e-shopify:e2e/storefront-checkout.e2e.ts': 16,
        'e2e:e2e/help-center.e2e.ts': 16,
        'e2e:e2e/storefront-domains.e2e.ts': 13,
        'e2e:e2e/loopback-hosts.e2e.ts': 6,
      }),
    },
    projects: only === 'shopify' ? [shopify] : only === 'sandbox' ? [sandbox] : [sandbox, shopify],
  },
});

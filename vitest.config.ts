import { defineConfig } from 'vitest/config';
import { slowFirst } from './e2e/sequencer';

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (a single worker on CI's 2 cores), which
    // makes the suite the sum of its files; most of them wait on PostgreSQL, ffmpeg or a child
    // server, so two workers take 806 s where one took 1,155 s (2026-11-28, 306 files, all
    // passing both ways). `--maxWorkers` on the command line overrides it.
    maxWorkers: 2,
    // The longest files start first, so the two workers finish together (e2e/sequencer.ts).
    sequence: {
      sequencer: slowFirst({
        'server:apps/server/src/reliability/push-crash.test.ts': 54,
        'server:apps/server/src/reliability/order-crash.test.ts': 41,
        'server:apps/server/src/reliability/storage-crash.test.ts': 36,
        'server:apps/server/src/server.test.ts': 35,
        'server:apps/server/src/reliability/worker-kill.test.ts': 27,
        'server:apps/server/src/reliability/billing-crash.test.ts': 23,
        'server:apps/server/src/reliability/route-fuzz.test.ts': 18,
      }),
    },
    projects: [
      {
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'testkit',
          include: ['packages/testkit/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shopify-sandbox',
          include: ['apps/shopify-sandbox/src/**/*.test.ts'],
          environment: 'node',
          // Its suites open a PGlite store and seed two shops first, like the server's.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'live',
          include: ['apps/live/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});

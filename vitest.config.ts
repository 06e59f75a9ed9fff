import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one (a single worker on CI's 2 cores), which
    // makes the suite the sum of its files; most of them wait on PostgreSQL, ffmpeg or a child
    // server, so two workers take 806 s where one took 1,155 s (2026-11-28, 306 files, all
    // passing both ways). `--maxWorkers` on the command line overrides it.
    maxWorkers: 2,
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
      'apps/*/vitest.config.ts',
    ],
  },
});

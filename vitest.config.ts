import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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

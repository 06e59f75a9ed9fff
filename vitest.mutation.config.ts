import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against one module's mutants (scripts/mutation.mjs sets
 * MUTATION_TESTS to that module's test files, comma-separated globs). One plain project, no
 * workspace: Stryker's Vitest runner needs the tests in the process it instruments.
 */
const include = (process.env.MUTATION_TESTS ?? 'packages/core/src/**/*.test.ts').split(',');

export default defineConfig({
  test: {
    include,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

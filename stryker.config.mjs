/**
 * StrykerJS base config for `npm run test:mutation` (scripts/mutation.mjs runs one module at a
 * time and sets mutate, the module's tests and its report file). One test process: the machine
 * and CI have two cores shared with other work.
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 20_000,
  reporters: ['json', 'progress'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The sandbox copy needs only the sources the tests import; node_modules is symlinked.
  // Other modules' sandboxes (runs may overlap) are never copied into this one.
  ignorePatterns: [
    '/.stryker-tmp',
    '/data',
    '/e2e',
    '/bench',
    '/docs',
    '/content',
    '/reports',
    '**/dist',
    '/test-results',
  ],
  checkers: [],
  ignoreStatic: true,
};

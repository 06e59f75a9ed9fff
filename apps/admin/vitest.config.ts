import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'admin',
    root: import.meta.dirname,
    environment: 'jsdom',
    // build/: the bundle's own plugins.
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
    setupFiles: [`${import.meta.dirname}/src/test/setup.ts`],
    css: false,
    // A test may wait on several findBy* (each up to 20 s under CI's load, src/test/setup.ts).
    testTimeout: 60_000,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'widget',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});

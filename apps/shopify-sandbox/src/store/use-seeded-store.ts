import { afterAll, beforeAll } from 'vitest';
import { createSeededTestStore, type SeededTestStore } from './test-database';

/**
 * The calling test file's seeded store (createSeededTestStore): opened before its tests, closed
 * after them; its fields are set once the file's tests run. Kept apart from test-database.ts,
 * which the ./testing entry brings to e2e and scripts, where vitest's hooks do not exist.
 */
export function useSeededTestStore(baseUrl?: string): SeededTestStore {
  const seeded = {} as SeededTestStore;
  beforeAll(async () => {
    Object.assign(seeded, await createSeededTestStore(baseUrl));
  });
  afterAll(() => seeded.close?.());
  return seeded;
}

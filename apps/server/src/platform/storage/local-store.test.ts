import { afterAll, beforeAll, describe } from 'vitest';
import { type LocalHarness, startLocalHarness } from './testing/local-harness';
import { objectStoreContract } from './testing/object-store-contract';

let local: LocalHarness;
beforeAll(async () => {
  local = await startLocalHarness();
});
afterAll(() => local.close());

describe('local ObjectStore contract', () => {
  objectStoreContract(() => ({
    store: local.store,
    reach: local.reach,
    enforcesSignatures: true,
    advanceClock: local.advanceClock,
  }));
});

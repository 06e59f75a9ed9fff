import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, OTHER_SHOP } from './shop-definitions';
import type { SandboxStore } from './store';
import { createSeededTestStore, type SeededTestStore } from './test-database';

let database: SeededTestStore;
let store: SandboxStore;

beforeAll(async () => {
  database = await createSeededTestStore();
  store = database.store;
});
afterAll(() => database.close());

describe('sandbox app_url metafield', () => {
  it('stores the value per shop, overwrites it, and a store reset clears it', async () => {
    expect(await store.appUrlMetafield(DEMO_SHOP)).toBeNull();
    await store.setAppUrlMetafield(DEMO_SHOP, 'http://localhost:3000');
    await store.setAppUrlMetafield(DEMO_SHOP, 'https://popstage.example');
    expect(await store.appUrlMetafield(DEMO_SHOP)).toBe('https://popstage.example');
    expect(await store.appUrlMetafield(OTHER_SHOP)).toBeNull();

    await store.resetShop(DEMO_SHOP);
    expect(await store.appUrlMetafield(DEMO_SHOP)).toBeNull();
  });

  it('refuses a value that is not an http(s) URL, and unknown shops', async () => {
    await expect(store.setAppUrlMetafield(OTHER_SHOP, 'javascript:alert(1)')).rejects.toMatchObject(
      { kind: 'refused' },
    );
    expect(await store.appUrlMetafield(OTHER_SHOP)).toBeNull();
    await expect(
      store.setAppUrlMetafield('nowhere.myshopify.com', 'https://popstage.example'),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });
});

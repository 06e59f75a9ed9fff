import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, OTHER_SHOP } from './shop-definitions';
import type { SandboxStore } from './store';
import { createSeededTestStore, type SeededTestStore } from './test-database';
import type { PlatformProduct } from './types';

let database: SeededTestStore;
let store: SandboxStore;
let mine: PlatformProduct[];
let theirs: PlatformProduct;

beforeAll(async () => {
  database = await createSeededTestStore();
  store = database.store;
  mine = (await store.listProducts(DEMO_SHOP, { first: 2 })).nodes;
  const [other] = (await store.listProducts(OTHER_SHOP, { first: 1 })).nodes;
  if (mine.length < 2 || !other) throw new Error('the sandbox shops have no products');
  theirs = other;
});
afterAll(() => database.close());

describe('sandbox clip_count product metafield', () => {
  it('stores counts per product, overwrites them, and a store reset clears them', async () => {
    const [a, b] = mine as [PlatformProduct, PlatformProduct];
    expect(await store.productClipCount(DEMO_SHOP, a.id)).toBe(0);
    await store.setProductClipCounts(DEMO_SHOP, [
      { productId: a.id, count: 3 },
      { productId: b.id, count: 1 },
    ]);
    await store.setProductClipCounts(DEMO_SHOP, [{ productId: b.id, count: 0 }]);
    expect(await store.productClipCount(DEMO_SHOP, a.id)).toBe(3);
    expect(await store.productClipCount(DEMO_SHOP, b.id)).toBe(0);

    await store.resetShop(DEMO_SHOP);
    expect(await store.productClipCount(DEMO_SHOP, a.id)).toBe(0);
  });

  it("refuses another shop's or an unknown product, and then writes nothing (like metafieldsSet)", async () => {
    const [a] = mine as [PlatformProduct];
    for (const productId of [theirs.id, 'gid://shopify/Product/1', 'not-a-gid']) {
      await expect(
        store.setProductClipCounts(DEMO_SHOP, [
          { productId: a.id, count: 5 },
          { productId, count: 1 },
        ]),
      ).rejects.toMatchObject({ kind: 'refused' });
    }
    expect(await store.productClipCount(DEMO_SHOP, a.id)).toBe(0);
    expect(await store.productClipCount(OTHER_SHOP, theirs.id)).toBe(0);
    // Read through the other shop, a product is not found either.
    await store.setProductClipCounts(OTHER_SHOP, [{ productId: theirs.id, count: 2 }]);
    expect(await store.productClipCount(DEMO_SHOP, theirs.id)).toBe(0);
    expect(await store.productClipCount(OTHER_SHOP, theirs.id)).toBe(2);
  });
});

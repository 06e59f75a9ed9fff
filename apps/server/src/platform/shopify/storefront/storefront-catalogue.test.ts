import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { shops } from '../../../db/schema';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../../test/app';

/**
 * The Storefront catalogue through the app's one adapter against the local Shopify's Storefront
 * endpoint (sandbox mode): the token is created through the Admin API on install (or on first
 * use when that failed) and stored encrypted, and each shop sees only its own catalogue.
 */
let t: TestApp;
let creations: MockInstance;

beforeAll(async () => {
  t = await createTestApp();
  creations = vi.spyOn(t.deps.platform, 'createStorefrontAccessToken');
  // Installed when the merchant first opens the app; shop B's token creation fails then.
  await t.asShop(SHOP_A, 'GET', '/api/shopify/shop');
  creations.mockRejectedValueOnce(new Error('Shopify is down'));
  const b = await t.asShop(SHOP_B, 'GET', '/api/shopify/shop');
  expect(b.statusCode, b.body).toBe(200);
  // A storefront token reads what the app's sales channel has: the onboarding's publish step.
  await t.deps.platform.publishProducts(SHOP_A);
  await t.deps.platform.publishProducts(SHOP_B);
});
afterAll(() => t.close());

const storedToken = async (shop: string) => {
  const [row] = await t.deps.database.db
    .select({ token: shops.storefrontAccessToken })
    .from(shops)
    .where(eq(shops.shopifyDomain, shop));
  return row?.token ?? null;
};

describe('StorefrontCatalogue on the local Shopify', () => {
  it('creates the storefront token on install, stores it encrypted, and reuses it', async () => {
    expect(creations.mock.calls.filter(([shop]) => shop === SHOP_A)).toHaveLength(1);
    const stored = await storedToken(SHOP_A);
    expect(stored).not.toBeNull();
    const plain = t.deps.secrets.decrypt(stored ?? '');
    expect(stored).not.toBe(plain);
    // The merchant's next opens and the catalogue calls use it; none creates another.
    await t.asShop(SHOP_A, 'GET', '/api/shopify/shop');
    const collections = await t.deps.storefront.searchCollections(SHOP_A);
    expect(collections.length).toBeGreaterThan(0);
    expect(collections.length).toBeLessThanOrEqual(20);
    await t.deps.storefront.searchCollections(SHOP_A, 'a');
    expect(await storedToken(SHOP_A)).toBe(stored);
    expect(creations.mock.calls.filter(([shop]) => shop === SHOP_A)).toHaveLength(1);
  });

  it('installs without the token when creating it fails, and creates it on first use', async () => {
    expect(await storedToken(SHOP_B)).toBeNull();
    expect((await t.deps.storefront.searchCollections(SHOP_B)).length).toBeGreaterThan(0);
    expect(await storedToken(SHOP_B)).not.toBeNull();
    expect(creations.mock.calls.filter(([shop]) => shop === SHOP_B)).toHaveLength(2);
  });

  it('searches collections by title', async () => {
    const all = await t.deps.storefront.searchCollections(SHOP_A);
    const first = all[0];
    if (!first) throw new Error('no collections');
    const found = await t.deps.storefront.searchCollections(SHOP_A, first.title);
    expect(found.map((collection) => collection.id)).toContain(first.id);
    expect(await t.deps.storefront.searchCollections(SHOP_A, 'zzzz-no-such-title')).toEqual([]);
  });

  it('reads a collection with its first products, and null for another shop’s collection', async () => {
    const [collection] = await t.deps.storefront.searchCollections(SHOP_A);
    if (!collection) throw new Error('no collections');
    const withProducts = await t.deps.storefront.collectionWithProducts(SHOP_A, collection.id, 5);
    expect(withProducts?.title).toBe(collection.title);
    expect(withProducts?.products.length).toBeLessThanOrEqual(5);
    for (const product of withProducts?.products ?? []) {
      expect(product.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
      expect(product.price).toMatch(/^\d+\.\d{2}$/);
    }
    expect(await t.deps.storefront.collectionWithProducts(SHOP_B, collection.id, 5)).toBeNull();
  });

  it('reads a menu by handle with its items, null for an unknown handle', async () => {
    const menu = await t.deps.storefront.menu(SHOP_A, 'main-menu');
    expect(menu?.title).toBe('Main menu');
    expect(menu?.items.map((item) => item.title)).toContain('Home');
    const shop = menu?.items.find((item) => item.title === 'Shop');
    expect(shop?.items.length).toBeGreaterThan(0);
    expect(shop?.items[0]?.id).toMatch(/^gid:\/\/shopify\/MenuItem\//);
    expect(await t.deps.storefront.menu(SHOP_A, 'no-such-menu')).toBeNull();
  });

  it('pages product search by cursor (10 a page) and finds products by id in order', async () => {
    const first = await t.deps.storefront.searchProducts(SHOP_A, {});
    expect(first.nodes).toHaveLength(10);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await t.deps.storefront.searchProducts(SHOP_A, {
      after: first.pageInfo.endCursor,
    });
    const firstIds = first.nodes.map((product) => product.id);
    expect(second.nodes.some((product) => firstIds.includes(product.id))).toBe(false);
    const [a, b] = second.nodes;
    if (!a || !b) throw new Error('too few products');
    const byIds = await t.deps.storefront.productsByIds(SHOP_A, [b.id, 'bogus', a.id]);
    expect(byIds.map((product) => product.id)).toEqual([b.id, a.id]);
    expect(await t.deps.storefront.productsByIds(SHOP_B, [a.id])).toEqual([]);
  });

  it('answers predictive and full search with products and collections, 10 each at most', async () => {
    const [product] = (await t.deps.storefront.searchProducts(SHOP_A, {})).nodes;
    if (!product) throw new Error('no products');
    const word = product.title.split(' ')[0] ?? product.title;
    const predictive = await t.deps.storefront.predictiveSearch(SHOP_A, word);
    expect(predictive.products.length).toBeGreaterThan(0);
    expect(predictive.products.length).toBeLessThanOrEqual(10);
    const full = await t.deps.storefront.searchProductsAndCollections(SHOP_A, word);
    expect(full.products.map((found) => found.id)).toContain(product.id);
    expect(full.collections.length).toBeLessThanOrEqual(10);
    expect(await t.deps.storefront.hasPublishedProduct(SHOP_A)).toBe(true);
  });

  it('creates a new token when the stored one is refused', async () => {
    await t.deps.storefront.searchCollections(SHOP_B);
    expect(await storedToken(SHOP_B)).not.toBeNull();
    // A token Shopify no longer knows (revoked, or the app reinstalled).
    await t.deps.database.db
      .update(shops)
      .set({ storefrontAccessToken: t.deps.secrets.encrypt('revoked-token') })
      .where(eq(shops.shopifyDomain, SHOP_B));
    expect((await t.deps.storefront.searchCollections(SHOP_B)).length).toBeGreaterThan(0);
    const renewed = await storedToken(SHOP_B);
    expect(t.deps.secrets.decrypt(renewed ?? '')).not.toBe('revoked-token');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { generateStore } from './catalogue-generator';
import { DEMO_SHOP, OTHER_SHOP, SANDBOX_SHOPS } from './shop-definitions';
import type { SandboxStore } from './store';
import { createSeededTestStore, storeRefusal } from './test-database';
import type { PlatformProduct } from './types';
import { useSeededTestStore } from './use-seeded-store';

const BASE_URL = 'http://localhost:3000';

async function allProducts(store: SandboxStore, shop: string, collectionId?: string) {
  const products: PlatformProduct[] = [];
  let after: string | null = null;
  do {
    const page = await store.listProducts(shop, { first: 250, after, collectionId });
    products.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return products;
}

async function snapshot(store: SandboxStore) {
  return Promise.all(
    [DEMO_SHOP, OTHER_SHOP].map(async (shop) => ({
      shop: await store.getShop(shop),
      products: await allProducts(store, shop),
      collections: (await store.listCollections(shop, { first: 250 })).nodes,
      menus: [await store.getMenu(shop, 'main-menu'), await store.getMenu(shop, 'footer')],
      pages: await Promise.all(['about-us', 'contact', 'faq'].map((h) => store.findPage(shop, h))),
      embed: await store.isAppEmbedEnabled(shop),
    })),
  );
}

const t = useSeededTestStore(BASE_URL);

describe('generated catalogue', () => {
  it('is a pure function of the shop definition', () => {
    for (const def of SANDBOX_SHOPS) expect(generateStore(def)).toEqual(generateStore(def));
  });

  it('is identical in two independently seeded databases', async () => {
    const other = await createSeededTestStore(BASE_URL);
    try {
      expect(await snapshot(other.store)).toEqual(await snapshot(t.store));
    } finally {
      await other.close();
    }
  });

  it('seeds only once', async () => {
    await t.store.publishProducts(OTHER_SHOP);
    await t.store.seed();
    expect(await t.store.countPublishedProducts(OTHER_SHOP)).toBeGreaterThan(0);
    expect(await allProducts(t.store, OTHER_SHOP)).toHaveLength(72);
    await t.store.resetShop(OTHER_SHOP);
  });

  it.each([DEMO_SHOP, OTHER_SHOP])('%s has a realistic catalogue', async (shop) => {
    const products = await allProducts(t.store, shop);
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.handle)).size).toBe(products.length);
    expect(products.some((p) => p.status === 'DRAFT')).toBe(true);
    expect(products.some((p) => p.status === 'ARCHIVED')).toBe(true);
    expect(products.some((p) => p.status === 'ACTIVE' && p.totalInventory === 0)).toBe(true);
    expect(products.every((p) => !p.publishedToSalesChannel)).toBe(true);
    for (const product of products) {
      expect(product.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
      expect(product.variants.length).toBeGreaterThanOrEqual(1);
      expect(product.variants.length).toBeLessThanOrEqual(4);
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      expect(product.images[0]?.url).toMatch(
        /^http:\/\/localhost:3000\/sandbox\/images\/[a-z0-9-]+\.svg$/,
      );
      expect(product.priceRange.min).toMatch(/^\d+\.\d{2}$/);
      for (const variant of product.variants) {
        expect(variant.price).toMatch(/^\d+\.\d{2}$/);
        if (variant.compareAtPrice)
          expect(Number(variant.compareAtPrice)).toBeGreaterThan(Number(variant.price));
      }
    }
    const collections = (await t.store.listCollections(shop, { first: 250 })).nodes;
    expect(collections.length).toBeGreaterThanOrEqual(8);
    expect(await t.store.getMenu(shop, 'main-menu')).not.toBeNull();
    expect(await t.store.getMenu(shop, 'footer')).not.toBeNull();
    expect(await t.store.getMenu(shop, 'nope')).toBeNull();
  });

  it('describes the shop and knows no other', async () => {
    expect(await t.store.getShop(DEMO_SHOP)).toMatchObject({
      domain: DEMO_SHOP,
      name: 'Demo Store',
      currency: 'USD',
      primaryDomainUrl: `${BASE_URL}/sandbox/store/${DEMO_SHOP}`,
    });
    expect(await t.store.getShop('unknown.myshopify.com')).toBeNull();
    expect((await t.store.listShops()).map((s) => s.domain)).toEqual([DEMO_SHOP, OTHER_SHOP]);
  });
});

describe('listing', () => {
  it('pages through more than 250 products without gaps or repeats', async () => {
    const first = await t.store.listProducts(DEMO_SHOP, { first: 250 });
    expect(first.nodes).toHaveLength(250);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await t.store.listProducts(DEMO_SHOP, {
      first: 250,
      after: first.pageInfo.endCursor,
    });
    expect(second.nodes).toHaveLength(50);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const ids = [...first.nodes, ...second.nodes].map((p) => p.id);
    expect(new Set(ids).size).toBe(300);
  });

  it('has a collection above 250 products that pages like the catalogue', async () => {
    const collections = (await t.store.listCollections(DEMO_SHOP, { first: 250 })).nodes;
    const big = collections.find((c) => c.productsCount > 250);
    expect(big).toBeDefined();
    const members = await allProducts(t.store, DEMO_SHOP, big?.id);
    expect(members).toHaveLength(big?.productsCount ?? -1);
    const sale = collections.find((c) => c.handle === 'sale');
    const saleMembers = await allProducts(t.store, DEMO_SHOP, sale?.id);
    expect(saleMembers.length).toBe(sale?.productsCount);
    expect(saleMembers.every((p) => p.tags.includes('sale'))).toBe(true);
  });

  it('pages collections too', async () => {
    const first = await t.store.listCollections(DEMO_SHOP, { first: 5 });
    const rest = await t.store.listCollections(DEMO_SHOP, {
      first: 250,
      after: first.pageInfo.endCursor,
    });
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.nodes.length + rest.nodes.length).toBe(12);
    expect(
      (await t.store.listCollections(DEMO_SHOP, { query: 'SALE' })).nodes.map((c) => c.handle),
    ).toEqual(['sale']);
  });

  it('searches titles and handles case-insensitively', async () => {
    const all = await allProducts(t.store, DEMO_SHOP);
    const expected = all.filter((p) => /linen/i.test(p.title) || p.handle.includes('linen'));
    const found = await t.store.listProducts(DEMO_SHOP, { first: 250, query: 'LiNeN' });
    expect(found.nodes.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(expected.length).toBeGreaterThan(0);
    expect((await t.store.listProducts(DEMO_SHOP, { query: '%' })).nodes).toEqual([]);
    const twoWords = await t.store.listProducts(DEMO_SHOP, { first: 250, query: 'linen  duvet' });
    expect(twoWords.nodes.every((p) => /linen/i.test(p.title) && /duvet/i.test(p.title))).toBe(
      true,
    );
  });

  it('filters by status', async () => {
    const drafts = await t.store.listProducts(DEMO_SHOP, { first: 250, status: 'DRAFT' });
    expect(drafts.nodes.length).toBeGreaterThan(0);
    expect(drafts.nodes.every((p) => p.status === 'DRAFT')).toBe(true);
  });

  it('rejects page sizes outside 1..250 and foreign cursors', async () => {
    expect((await storeRefusal(t.store.listProducts(DEMO_SHOP, { first: 0 }))).kind).toBe(
      'invalid',
    );
    expect((await storeRefusal(t.store.listProducts(DEMO_SHOP, { first: 251 }))).kind).toBe(
      'invalid',
    );
    expect(
      (await storeRefusal(t.store.listProducts(DEMO_SHOP, { after: 'not-a-cursor' }))).kind,
    ).toBe('invalid');
    expect((await t.store.listProducts(DEMO_SHOP, { collectionId: 'junk' })).nodes).toEqual([]);
  });

  it('answers getProducts in the order asked, dropping unknown ids', async () => {
    const [a, b] = (await t.store.listProducts(DEMO_SHOP, { first: 2 })).nodes;
    const got = await t.store.getProducts(DEMO_SHOP, [
      b?.id ?? '',
      'gid://shopify/Product/999999',
      a?.id ?? '',
    ]);
    expect(got.map((p) => p.id)).toEqual([b?.id, a?.id]);
  });
});

describe('shop isolation', () => {
  beforeEach(async () => {
    await t.store.resetShop(DEMO_SHOP);
    await t.store.resetShop(OTHER_SHOP);
  });

  it("never returns or changes another shop's data", async () => {
    const demoIds = (await allProducts(t.store, DEMO_SHOP)).map((p) => p.id);
    const otherIds = (await allProducts(t.store, OTHER_SHOP)).map((p) => p.id);
    expect(demoIds.some((id) => otherIds.includes(id))).toBe(false);

    expect(await t.store.getProducts(OTHER_SHOP, demoIds)).toEqual([]);
    expect(await t.store.publishProducts(OTHER_SHOP, demoIds)).toBe(0);
    expect(await t.store.countPublishedProducts(DEMO_SHOP)).toBe(0);
    expect(await t.store.countPublishedProducts(OTHER_SHOP)).toBe(0);

    const demoCollection = (await t.store.listCollections(DEMO_SHOP, { first: 1 })).nodes[0];
    expect(
      (await t.store.listProducts(OTHER_SHOP, { collectionId: demoCollection?.id })).nodes,
    ).toEqual([]);

    await t.store.createPage(DEMO_SHOP, { title: 'Live', handle: 'live', body: '<div></div>' });
    expect(await t.store.findPage(OTHER_SHOP, 'live')).toBeNull();
    await t.store.setAppEmbed(DEMO_SHOP, true);
    expect(await t.store.isAppEmbedEnabled(OTHER_SHOP)).toBe(false);
    expect(await t.store.isAppEmbedEnabled('unknown.myshopify.com')).toBe(false);
  });
});

describe('changes a merchant makes', () => {
  beforeEach(async () => {
    await t.store.resetShop(DEMO_SHOP);
  });

  it('publishes active products only, once, and counts them', async () => {
    const active = await t.store.listProducts(DEMO_SHOP, { first: 2, status: 'ACTIVE' });
    const draft = await t.store.listProducts(DEMO_SHOP, { first: 1, status: 'DRAFT' });
    const ids = [...active.nodes, ...draft.nodes].map((p) => p.id);
    expect(await t.store.publishProducts(DEMO_SHOP, [...ids, 'junk'])).toBe(2);
    expect(await t.store.publishProducts(DEMO_SHOP, ids)).toBe(0);
    expect(await t.store.countPublishedProducts(DEMO_SHOP)).toBe(2);
    expect(await t.store.publishProducts(DEMO_SHOP, [])).toBe(0);

    const activeCount = (await allProducts(t.store, DEMO_SHOP)).filter(
      (p) => p.status === 'ACTIVE',
    ).length;
    expect(await t.store.publishProducts(DEMO_SHOP)).toBe(activeCount - 2);
    expect(await t.store.countPublishedProducts(DEMO_SHOP)).toBe(activeCount);
    const [product] = await t.store.getProducts(DEMO_SHOP, [ids[0] ?? '']);
    expect(product?.publishedToSalesChannel).toBe(true);
  });

  it('creates pages with unique handles on the storefront', async () => {
    expect(await t.store.findPage(DEMO_SHOP, 'live')).toBeNull();
    const page = await t.store.createPage(DEMO_SHOP, {
      title: 'Live Shopping',
      handle: 'live',
      body: '<p>x</p>',
    });
    expect(page).toMatchObject({
      title: 'Live Shopping',
      handle: 'live',
      url: `${BASE_URL}/sandbox/store/${DEMO_SHOP}/pages/live`,
    });
    expect(page.id).toMatch(/^gid:\/\/shopify\/Page\/\d+$/);
    expect(await t.store.findPage(DEMO_SHOP, 'live')).toEqual(page);
    const duplicate = t.store.createPage(DEMO_SHOP, { title: 'Again', handle: 'live', body: '' });
    expect((await storeRefusal(duplicate)).kind).toBe('conflict');
    const unknown = t.store.createPage('unknown.myshopify.com', {
      title: 'x',
      handle: 'x',
      body: '',
    });
    expect((await storeRefusal(unknown)).kind).toBe('not_found');
  });

  it('switches the theme app embed', async () => {
    expect(await t.store.isAppEmbedEnabled(DEMO_SHOP)).toBe(false);
    await t.store.setAppEmbed(DEMO_SHOP, true);
    expect(await t.store.isAppEmbedEnabled(DEMO_SHOP)).toBe(true);
    await t.store.setAppEmbed(DEMO_SHOP, false);
    expect(await t.store.isAppEmbedEnabled(DEMO_SHOP)).toBe(false);
    expect((await storeRefusal(t.store.setAppEmbed('unknown.myshopify.com', true))).kind).toBe(
      'not_found',
    );
  });

  it('keeps the consent and protected data settings per shop; an unknown shop has neither', async () => {
    expect(await t.store.consentRequired(DEMO_SHOP)).toBe(false);
    expect(await t.store.protectedCustomerData(DEMO_SHOP)).toBe(true);
    await t.store.setConsentRequired(DEMO_SHOP, true);
    await t.store.setProtectedCustomerData(DEMO_SHOP, false);
    expect(await t.store.consentRequired(DEMO_SHOP)).toBe(true);
    expect(await t.store.protectedCustomerData(DEMO_SHOP)).toBe(false);
    expect(await t.store.consentRequired(OTHER_SHOP)).toBe(false);
    expect(await t.store.protectedCustomerData(OTHER_SHOP)).toBe(true);
    await t.store.setConsentRequired(DEMO_SHOP, false);
    await t.store.setProtectedCustomerData(DEMO_SHOP, true);
    expect(await t.store.consentRequired(DEMO_SHOP)).toBe(false);
    expect(await t.store.protectedCustomerData(DEMO_SHOP)).toBe(true);

    const unknown = 'unknown.myshopify.com';
    expect(await t.store.consentRequired(unknown)).toBe(false);
    expect(await t.store.protectedCustomerData(unknown)).toBe(false);
    expect((await storeRefusal(t.store.setConsentRequired(unknown, true))).kind).toBe('not_found');
    expect((await storeRefusal(t.store.setProtectedCustomerData(unknown, true))).kind).toBe(
      'not_found',
    );
  });

  it('reset restores a fresh store and leaves the other shop alone', async () => {
    const fresh = await snapshot(t.store);
    await t.store.publishProducts(DEMO_SHOP);
    await t.store.publishProducts(OTHER_SHOP);
    await t.store.setAppEmbed(DEMO_SHOP, true);
    await t.store.createPage(DEMO_SHOP, { title: 'Live', handle: 'live', body: '' });

    await t.store.resetShop(DEMO_SHOP);
    const [demo] = await snapshot(t.store);
    expect(demo).toEqual(fresh[0]);
    expect(await t.store.findPage(DEMO_SHOP, 'live')).toBeNull();
    expect(await t.store.countPublishedProducts(OTHER_SHOP)).toBeGreaterThan(0);
    expect((await storeRefusal(t.store.resetShop('unknown.myshopify.com'))).kind).toBe('not_found');
    await t.store.resetShop(OTHER_SHOP);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopifySessions } from '../../db/schema';
import { fakeProducts } from '../../test/shopify/fake-admin-api';
import { settingsData } from '../../test/shopify/settings-data';
import { EXTENSION_UUID, SHOP, startShopifyHarness } from '../../test/shopify/setup';
import { ShopifyAuthError, ShopifyUnavailableError, ShopifyUserError } from './errors';

let h: Awaited<ReturnType<typeof startShopifyHarness>>;

beforeAll(async () => {
  h = await startShopifyHarness();
});

afterAll(async () => {
  await h.close();
});

beforeEach(async () => {
  h.fake.requests.length = 0;
  h.sleeps.length = 0;
  await h.authorize();
});

const storedTokens = () =>
  h.database.db.select().from(shopifySessions).where(eq(shopifySessions.shopDomain, SHOP));

describe('access tokens', () => {
  it('exchanges the session token once, with the documented body, then reuses the token', async () => {
    const other = 'second-store.myshopify.com';
    const token = await h.sessionToken(other);
    await Promise.all([
      h.platform.authorize?.(other, token),
      h.platform.authorize?.(other, token),
      h.platform.authorize?.(other, token),
    ]);
    await h.platform.authorize?.(other, await h.sessionToken(other));
    const exchanges = h.fake.exchanges.filter((e) => e.shop === other);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({
      client_id: 'fake-api-key',
      client_secret: 'fake-api-secret-long-enough',
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: token,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    });

    await h.platform.getShop(other);
    await h.platform.getShop(other);
    const calls = h.fake.requests.filter((r) => r.shop === other);
    expect(calls.map((r) => r.path)).toEqual([
      '/admin/api/2025-04/graphql.json',
      '/admin/api/2025-04/graphql.json',
    ]);
    expect(new Set(calls.map((r) => r.accessToken)).size).toBe(1);
    expect(calls[0]?.accessToken).toMatch(/^shpat_fake_/);
  });

  it('single-flights concurrent first requests even while the exchange is slow', async () => {
    const shop = 'slow-store.myshopify.com';
    h.fake.exchangeDelayMs = 50;
    try {
      const token = await h.sessionToken(shop);
      await Promise.all(Array.from({ length: 5 }, () => h.platform.authorize?.(shop, token)));
    } finally {
      h.fake.exchangeDelayMs = 0;
    }
    expect(h.fake.exchanges.filter((e) => e.shop === shop)).toHaveLength(1);
  });

  it('stores shop, token, scope and time', async () => {
    const [row] = await storedTokens();
    expect(row).toMatchObject({
      shopDomain: SHOP,
      accessToken: expect.stringMatching(/^shpat_fake_/),
      scope: 'read_products,write_publications',
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('fails clearly without a stored token, and refuses an invalid session token', async () => {
    const stranger = 'never-opened.myshopify.com';
    await expect(h.platform.getShop(stranger)).rejects.toThrow(ShopifyAuthError);
    await expect(h.platform.getShop(stranger)).rejects.toThrow(/open the app/);
    await expect(h.platform.authorize?.(stranger, 'not-a-jwt')).rejects.toThrow(ShopifyAuthError);
    await expect(h.platform.getShop('evil.example.com')).rejects.toThrow('Not a shop domain');
  });

  it('drops the token when Shopify answers 401, and exchanges again on the next request', async () => {
    const before = h.fake.exchanges.length;
    h.fake.revokeTokens(SHOP);
    await expect(h.platform.getShop(SHOP)).rejects.toThrow(ShopifyAuthError);
    expect(await storedTokens()).toEqual([]);
    await h.authorize();
    expect(h.fake.exchanges.length).toBe(before + 1);
    await expect(h.platform.getShop(SHOP)).resolves.toMatchObject({ domain: SHOP });
  });
});

describe('GraphQL client', () => {
  it('waits for the bucket to refill when throttled, then retries', async () => {
    // requested 100, available 10, restore 50/s → 1.8 s, then the call succeeds.
    h.fake.throttleNext(2, { currentlyAvailable: 10, restoreRate: 50 });
    await expect(h.platform.getShop(SHOP)).resolves.toMatchObject({ name: 'Fake Store' });
    expect(h.sleeps).toEqual([1800, 1800]);
    expect(h.fake.requests).toHaveLength(3);
  });

  it('gives up after its retries with a 503-style error', async () => {
    h.fake.throttleNext(10);
    await expect(h.platform.getShop(SHOP)).rejects.toThrow(ShopifyUnavailableError);
    expect(h.sleeps).toHaveLength(5);
    h.fake.throttleNext(0);
  });

  it('turns mutation userErrors into an error carrying their messages', async () => {
    h.fake
      .shop(SHOP)
      .pages.push({ id: 'gid://shopify/Page/1', title: 'Live', handle: 'live', body: '' });
    const error = await h.platform
      .createPage(SHOP, { title: 'Live', handle: 'live', body: '<p>x</p>' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUserError);
    expect((error as ShopifyUserError).message).toBe('Handle has already been taken');
    expect((error as ShopifyUserError).kind).toBe('refused');
    h.fake.shop(SHOP).pages.length = 0;
  });
});

describe('shop and catalogue', () => {
  beforeAll(() => {
    const state = h.fake.shop(SHOP);
    state.products = fakeProducts(7, 'gid://shopify/Collection/55');
    state.collections = [{ id: 'gid://shopify/Collection/55', title: 'All', handle: 'all' }];
  });

  it('maps the shop', async () => {
    expect(await h.platform.getShop(SHOP)).toEqual({
      domain: SHOP,
      name: 'Fake Store',
      ownerName: 'Olive Owner',
      email: `owner@${SHOP}`,
      primaryDomainUrl: 'https://fake-store.example',
      currency: 'USD',
      createdAt: '2024-01-02T03:04:05.000Z',
    });
  });

  it('follows pagination cursors and maps products', async () => {
    const first = await h.platform.listProducts(SHOP, { first: 3 });
    expect(first.nodes.map((p) => p.handle)).toEqual(['product-1', 'product-2', 'product-3']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await h.platform.listProducts(SHOP, {
      first: 3,
      after: first.pageInfo.endCursor,
    });
    expect(second.nodes.map((p) => p.handle)).toEqual(['product-4', 'product-5', 'product-6']);
    const third = await h.platform.listProducts(SHOP, {
      first: 3,
      after: second.pageInfo.endCursor,
    });
    expect(third.nodes.map((p) => p.handle)).toEqual(['product-7']);
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect(h.fake.requests.map((r) => r.variables.after)).toEqual([
      null,
      first.pageInfo.endCursor,
      second.pageInfo.endCursor,
    ]);
    expect(first.nodes[0]).toEqual({
      id: 'gid://shopify/Product/1001',
      title: 'Product 1',
      handle: 'product-1',
      description: 'About Product 1',
      vendor: 'Fake Vendor',
      productType: 'Thing',
      tags: ['fake'],
      status: 'ACTIVE',
      publishedToSalesChannel: false,
      totalInventory: 7,
      priceRange: { min: '10.50', max: '10.50', currencyCode: 'USD' },
      variants: [
        {
          id: 'gid://shopify/ProductVariant/1001',
          title: 'Default Title',
          sku: '',
          price: '10.50',
          compareAtPrice: null,
          inventoryQuantity: 7,
          availableForSale: true,
        },
      ],
      images: [{ url: 'https://cdn.example/product-1.jpg', altText: '' }],
      createdAt: '2024-02-03T04:05:06.000Z',
    });
  });

  it('sends status, collection and quoted search terms in Shopify search syntax', async () => {
    const page = await h.platform.listProducts(SHOP, {
      status: 'DRAFT',
      collectionId: 'gid://shopify/Collection/55',
      query: 'Product 6',
    });
    expect(h.fake.requests[0]?.variables.query).toBe('status:draft collection_id:55 "Product" "6"');
    expect(page.nodes.map((p) => p.handle)).toEqual(['product-6']);
    await expect(h.platform.listProducts(SHOP, { first: 251 })).rejects.toThrow('first must be');
  });

  it('gets products by id in the order asked, dropping unknown and non-product ids', async () => {
    const products = await h.platform.getProducts(SHOP, [
      'gid://shopify/Product/1003',
      'gid://shopify/Product/9999',
      'gid://shopify/Collection/55',
      'gid://shopify/Product/1001',
      'gid://shopify/Product/1003',
    ]);
    expect(products.map((p) => p.id)).toEqual([
      'gid://shopify/Product/1003',
      'gid://shopify/Product/1001',
    ]);
    expect(h.fake.requests[0]?.variables.ids).toEqual([
      'gid://shopify/Product/1003',
      'gid://shopify/Product/9999',
      'gid://shopify/Product/1001',
    ]);
  });

  it('lists collections with their product counts', async () => {
    const page = await h.platform.listCollections(SHOP);
    expect(page.nodes).toEqual([
      { id: 'gid://shopify/Collection/55', title: 'All', handle: 'all', productsCount: 7 },
    ]);
  });

  it('publishes active unpublished products to the app publication in batches, and counts them', async () => {
    expect(await h.platform.countPublishedProducts(SHOP)).toBe(0);
    h.fake.requests.length = 0;
    expect(
      await h.platform.publishProducts(SHOP, [
        'gid://shopify/Product/1001',
        'gid://shopify/Product/1003',
      ]),
    ).toBe(1);
    const publish = h.fake.requests.find((r) => r.operation === 'PopstagePublishProducts');
    expect(publish?.variables).toEqual({
      publicationId: 'gid://shopify/Publication/777',
      id0: 'gid://shopify/Product/1001',
    });
    expect(publish?.query).toContain(
      'publishablePublish(id: $id0, input: [{ publicationId: $publicationId }])',
    );
    // All the rest: 7 products, 2 drafts (3rd, 6th), 1 already published → 4.
    expect(await h.platform.publishProducts(SHOP)).toBe(4);
    expect(await h.platform.countPublishedProducts(SHOP)).toBe(5);
    expect(await h.platform.publishProducts(SHOP)).toBe(0);
    const listed = await h.platform.listProducts(SHOP, { first: 1 });
    expect(listed.nodes[0]?.publishedToSalesChannel).toBe(true);
  });

  it('counts 0 and refuses to publish when the app has no publication', async () => {
    const state = h.fake.shop(SHOP);
    const publicationId = state.publicationId;
    state.publicationId = null;
    try {
      expect(await h.platform.countPublishedProducts(SHOP)).toBe(0);
      await expect(h.platform.publishProducts(SHOP)).rejects.toThrow(
        'no sales channel publication',
      );
    } finally {
      state.publicationId = publicationId;
    }
  });

  it('finds a menu by exact handle with nested items', async () => {
    h.fake.shop(SHOP).menus = [
      { id: 'gid://shopify/Menu/1', handle: 'main-menu-old', title: 'Old', items: [] },
      {
        id: 'gid://shopify/Menu/2',
        handle: 'main-menu',
        title: 'Main menu',
        items: [
          {
            title: 'Shop',
            url: '/collections/all',
            type: 'COLLECTION',
            items: [{ title: 'Sale', url: null, type: 'HTTP', items: [] }],
          },
        ],
      },
    ];
    expect(await h.platform.getMenu(SHOP, 'main-menu')).toEqual({
      id: 'gid://shopify/Menu/2',
      handle: 'main-menu',
      title: 'Main menu',
      items: [
        {
          title: 'Shop',
          url: '/collections/all',
          type: 'COLLECTION',
          items: [{ title: 'Sale', url: '', type: 'HTTP', items: [] }],
        },
      ],
    });
    expect(await h.platform.getMenu(SHOP, 'footer')).toBeNull();
  });
});

describe('app embed', () => {
  const block = (disabled: boolean) => ({
    a1: {
      type: `shopify://apps/popstage/blocks/app-embed/${EXTENSION_UUID}`,
      disabled,
      settings: {},
    },
  });

  it('reads the MAIN theme settings_data.json: on, disabled, absent, no theme', async () => {
    const state = h.fake.shop(SHOP);
    state.settingsData = settingsData(block(false));
    expect(await h.platform.isAppEmbedEnabled(SHOP)).toBe(true);
    expect(h.fake.requests[0]?.variables).toEqual({ filenames: ['config/settings_data.json'] });
    expect(h.fake.requests[0]?.query).toContain('themes(first: 1, roles: [MAIN])');
    state.settingsData = settingsData(block(true));
    expect(await h.platform.isAppEmbedEnabled(SHOP)).toBe(false);
    state.settingsData = settingsData({});
    expect(await h.platform.isAppEmbedEnabled(SHOP)).toBe(false);
    state.settingsData = null;
    expect(await h.platform.isAppEmbedEnabled(SHOP)).toBe(false);
  });
});

describe('pages', () => {
  it('creates a published page and finds it by handle with its storefront URL', async () => {
    expect(await h.platform.findPage(SHOP, 'live')).toBeNull();
    const page = await h.platform.createPage(SHOP, {
      title: 'Live',
      handle: 'live',
      body: '<div></div>',
    });
    expect(page).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/Page\/\d+$/),
      title: 'Live',
      handle: 'live',
      body: '<div></div>',
      url: 'https://fake-store.example/pages/live',
    });
    const create = h.fake.requests.find((r) => r.operation === 'PopstagePageCreate');
    expect(create?.variables).toEqual({
      page: { title: 'Live', handle: 'live', body: '<div></div>', isPublished: true },
    });
    expect(await h.platform.findPage(SHOP, 'live')).toEqual(page);
    expect(h.fake.requests.at(-1)?.variables).toEqual({ query: 'handle:"live"' });
  });
});

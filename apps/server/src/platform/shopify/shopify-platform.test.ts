import { API_VERSION, OTHER_SHOP } from '@popstage/shopify-sandbox';
import type { PlatformProduct as StoreProduct } from '@popstage/shopify-sandbox/testing';
import { sessionToken } from '@popstage/testkit/shop';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopifySessions } from '../../db/schema';
import {
  APP,
  APP_HANDLE,
  answerOf,
  EXTENSION_UUID,
  harnessPerFile,
  SHOP,
  type ShopifyHarness,
  TEST_TOKEN_CIPHER,
} from '../../test/shopify/setup';
import type { PlatformProduct } from '../port';
import { scopesCover } from './access-tokens';
import { ShopifyAuthError, ShopifyUnavailableError, ShopifyUserError } from './errors';

let h: ShopifyHarness;
harnessPerFile((started) => {
  h = started;
});

const GRAPHQL_PATH = `/admin/api/${API_VERSION}/graphql.json`;

const storedTokens = (shop = SHOP) =>
  h.database.db.select().from(shopifySessions).where(eq(shopifySessions.shopDomain, shop));

/**
 * The app has no token for the shop: none stored, and a platform (a process) that never held one
 * in memory, so its next authorize exchanges again.
 */
const forgetToken = async (shop: string) => {
  await h.database.db.delete(shopifySessions).where(eq(shopifySessions.shopDomain, shop));
  return h.createPlatform();
};

/**
 * A store product as the adapter reads it: the fields the app uses and nothing else (no vendor,
 * tags, stock counts or SKUs), 10 variants, the featured image.
 */
const asFetched = (product: StoreProduct): PlatformProduct => ({
  id: product.id,
  title: product.title,
  handle: product.handle,
  description: product.description,
  status: product.status,
  priceRange: { min: product.priceRange.min, currencyCode: product.priceRange.currencyCode },
  variants: product.variants
    .slice(0, 10)
    .map(({ id, price, availableForSale }) => ({ id, price, availableForSale })),
  images: product.images.slice(0, 1),
  createdAt: product.createdAt,
});

/** Every product of the shop, read from the local Shopify's store. */
async function storeProducts(shop = SHOP) {
  const all: StoreProduct[] = [];
  let after: string | null = null;
  do {
    const page = await h.store.listProducts(shop, { first: 250, after });
    all.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return all;
}

/** The grant of each token request: token exchange or refresh. */
const grantsOf = (requests: { body: unknown }[]) =>
  requests.map((r) => (r.body as { grant_type?: string }).grant_type);

const throttled = (answer: unknown) =>
  (answer as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code ===
  'THROTTLED';

describe('access tokens', () => {
  it('exchanges the session token once, with the documented body, then reuses the token', async () => {
    const platform = await forgetToken(OTHER_SHOP);
    const token = await h.sessionToken(OTHER_SHOP);
    await Promise.all([
      platform.authorize?.(OTHER_SHOP, token),
      platform.authorize?.(OTHER_SHOP, token),
      platform.authorize?.(OTHER_SHOP, token),
    ]);
    await platform.authorize?.(OTHER_SHOP, await h.sessionToken(OTHER_SHOP));
    const exchanges = h.exchanges(OTHER_SHOP);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: token,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
      expiring: '1',
    });

    await platform.getShop(OTHER_SHOP);
    await platform.getShop(OTHER_SHOP);
    const calls = h.graphqlRequests().filter((r) => r.shop === OTHER_SHOP);
    expect(calls.map((r) => r.path)).toEqual([GRAPHQL_PATH, GRAPHQL_PATH]);
    const issued = answerOf<{ access_token: string }>(exchanges[0]).access_token;
    expect(calls.map((r) => r.headers['x-shopify-access-token'])).toEqual([issued, issued]);
  });

  it('single-flights concurrent first requests even while the exchange is slow', async () => {
    const platform = await forgetToken(OTHER_SHOP);
    h.hooks.beforeTokenExchange = () => new Promise((resolve) => setTimeout(resolve, 50));
    const token = await h.sessionToken(OTHER_SHOP);
    await Promise.all(Array.from({ length: 5 }, () => platform.authorize?.(OTHER_SHOP, token)));
    // Not merely one granted: only one request reached Shopify at all.
    expect(h.requests.filter((r) => r.shop === OTHER_SHOP)).toHaveLength(1);
    expect(h.exchanges(OTHER_SHOP)).toHaveLength(1);
  });

  it('stores shop, encrypted expiring token and refresh token, scope and times', async () => {
    const [row] = await storedTokens();
    expect(row).toMatchObject({
      shopDomain: SHOP,
      accessToken: expect.stringMatching(/^enc:v1:/),
      refreshToken: expect.stringMatching(/^enc:v1:/),
      scope: APP.scopes,
    });
    const accessToken = TEST_TOKEN_CIPHER.decrypt(row?.accessToken ?? '');
    expect(accessToken).toMatch(/^shpat_/);
    expect(TEST_TOKEN_CIPHER.decrypt(row?.refreshToken ?? '')).toMatch(/^shprt_/);
    const created = row?.createdAt.getTime() ?? 0;
    expect((row?.expiresAt?.getTime() ?? 0) - created).toBe(60 * 60 * 1000);
    expect((row?.refreshExpiresAt?.getTime() ?? 0) - created).toBe(90 * 24 * 60 * 60 * 1000);
    expect(await h.isLiveToken(SHOP, accessToken)).toBe(true);

    // The time is the platform's clock's, on a first exchange as on a replacement.
    const at = new Date('2026-01-02T03:04:05.000Z');
    const clocked = h.createPlatform({ clock: { now: () => at } });
    await forgetToken(OTHER_SHOP);
    await clocked.authorize?.(OTHER_SHOP, await h.sessionToken(OTHER_SHOP));
    expect((await storedTokens(OTHER_SHOP))[0]?.createdAt).toEqual(at);
  });

  it('fails clearly without a stored token, and refuses an invalid session token', async () => {
    await expect(h.platform.getShop('never-opened.myshopify.com')).rejects.toThrow(
      ShopifyAuthError,
    );
    await expect(h.platform.getShop('never-opened.myshopify.com')).rejects.toThrow(/open the app/);
    await expect(h.platform.getShop('evil.example.com')).rejects.toThrow('Not a shop domain');
    expect(h.requests).toEqual([]);

    const platform = await forgetToken(OTHER_SHOP);
    const forged = await sessionToken(
      { apiKey: APP.apiKey, apiSecret: 'not-the-app-secret-but-long-enough' },
      OTHER_SHOP,
    );
    for (const sessionToken of ['not-a-jwt', forged, await h.sessionToken(SHOP)]) {
      await expect(platform.authorize?.(OTHER_SHOP, sessionToken)).rejects.toThrow(
        ShopifyAuthError,
      );
    }
    // Shopify answered 400 invalid_subject_token to each; nothing was stored.
    expect(h.requests.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await storedTokens(OTHER_SHOP)).toEqual([]);
  });

  it("drops a revoked token and exchanges a new one with the shop's live session token", async () => {
    const [before] = await storedTokens();
    await h.revokeTokens(SHOP);
    await expect(h.platform.getShop(SHOP)).resolves.toMatchObject({ domain: SHOP });
    // 401, the refresh token was revoked with it (400), a new exchange, the call again.
    expect(h.requests.map((r) => r.status)).toEqual([401, 400, 200, 200]);
    expect(grantsOf(h.exchanges(SHOP))).toEqual([
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
    const [after] = await storedTokens();
    expect(after?.accessToken).not.toBe(before?.accessToken);
  });

  it('refreshes a token within five minutes of expiring, once for concurrent calls', async () => {
    const [before] = await storedTokens();
    h.advanceClock(56 * 60 * 1000);
    await Promise.all([
      h.platform.getShop(SHOP),
      h.platform.getShop(SHOP),
      h.platform.getShop(SHOP),
    ]);
    expect(grantsOf(h.exchanges(SHOP))).toEqual(['refresh_token']);
    expect(h.exchanges(SHOP)[0]?.body).toMatchObject({
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      refresh_token: TEST_TOKEN_CIPHER.decrypt(before?.refreshToken ?? ''),
    });
    const [after] = await storedTokens();
    const renewed = TEST_TOKEN_CIPHER.decrypt(after?.accessToken ?? '');
    expect(renewed).not.toBe(TEST_TOKEN_CIPHER.decrypt(before?.accessToken ?? ''));
    expect(await h.isLiveToken(SHOP, renewed)).toBe(true);
    expect(h.graphqlRequests().map((r) => r.headers['x-shopify-access-token'])).toEqual([
      renewed,
      renewed,
      renewed,
    ]);
  });

  it('exchanges again when the token lacks a scope shopify.app.toml asks for, at most every 10 minutes', async () => {
    const wanting = h.createPlatform({
      requiredScopes: [...APP.scopes.split(','), 'read_customers'],
    });
    await wanting.authorize?.(SHOP, await h.sessionToken(SHOP));
    await wanting.authorize?.(SHOP, await h.sessionToken(SHOP));
    expect(grantsOf(h.exchanges(SHOP))).toEqual([
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
    h.advanceClock(10 * 60 * 1000);
    await wanting.authorize?.(SHOP, await h.sessionToken(SHOP));
    expect(h.exchanges(SHOP)).toHaveLength(2);
    // A grant that covers them (write covers read) exchanges nothing more.
    const satisfied = h.createPlatform({ requiredScopes: APP.scopes.split(',') });
    await satisfied.authorize?.(SHOP, await h.sessionToken(SHOP));
    expect(h.exchanges(SHOP)).toHaveLength(2);
    expect(scopesCover('write_products,read_orders', ['read_products', 'read_orders'])).toBe(true);
    expect(scopesCover('read_products', ['write_products'])).toBe(false);
  });

  it('refreshes after a 401 when the refresh token is still good, without a session token', async () => {
    const worker = h.createPlatform();
    await h.expireAccessTokens(SHOP);
    await expect(worker.getShop(SHOP)).resolves.toMatchObject({ domain: SHOP });
    expect(h.requests.map((r) => r.status)).toEqual([401, 200, 200]);
    expect(grantsOf(h.exchanges(SHOP))).toEqual(['refresh_token']);
  });

  it('without a live session token, fails clearly after a 401 and exchanges on the next open', async () => {
    // A process that has seen no request of the shop (a worker) holds no session token.
    const worker = h.createPlatform();
    await h.revokeTokens(SHOP);
    await expect(worker.getShop(SHOP)).rejects.toThrow(ShopifyAuthError);
    expect(await storedTokens()).toEqual([]);

    await h.authorize();
    await expect(h.platform.getShop(SHOP)).resolves.toMatchObject({ domain: SHOP });
  });
});

describe('GraphQL client', () => {
  it('waits for the bucket to refill when throttled, then retries', async () => {
    await h.drainBucket(SHOP);
    const page = await h.platform.listProducts(SHOP, { first: 50 });
    expect(page.nodes).toHaveLength(50);

    const [first, retry, ...rest] = h.graphqlRequests();
    expect(rest).toEqual([]);
    expect(throttled(first?.answer)).toBe(true);
    expect(throttled(retry?.answer)).toBe(false);
    // It waited exactly until the empty bucket held the requested cost, not a guess.
    const cost = answerOf<{
      extensions: {
        cost: { requestedQueryCost: number; throttleStatus: { restoreRate: number } };
      };
    }>(first).extensions.cost;
    expect(cost.requestedQueryCost).toBeGreaterThan(800);
    expect(h.sleeps).toEqual([
      Math.ceil((cost.requestedQueryCost / cost.throttleStatus.restoreRate) * 1000),
    ]);
  });

  it('gives up after its retries with a 503-style error', async () => {
    await h.drainBucket(SHOP);
    // Another process of the app spends whatever refills while this one waits.
    h.hooks.afterSleep = async () => {
      await h.drainBucket(SHOP);
    };
    await expect(h.platform.getShop(SHOP)).rejects.toThrow(ShopifyUnavailableError);
    expect(h.sleeps).toHaveLength(5);
    const calls = h.graphqlRequests();
    expect(calls).toHaveLength(6);
    expect(calls.every((r) => r.operation === 'PopstageShop' && throttled(r.answer))).toBe(true);
  });

  it('turns mutation userErrors into an error carrying their messages', async () => {
    expect(await h.store.findPage(SHOP, 'about-us')).not.toBeNull();
    const error = await h.platform
      .createPage(SHOP, { title: 'About', handle: 'about-us', body: '<p>x</p>' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUserError);
    expect((error as ShopifyUserError).message).toBe('Handle has already been taken');
    expect((error as ShopifyUserError).kind).toBe('refused');
  });
});

describe('shop and catalogue', () => {
  it('maps the shop', async () => {
    const shop = await h.platform.getShop(SHOP);
    // The store's shop, plus the time zone and plan the Admin API answers (ianaTimezone, plan).
    expect(shop).toEqual({
      ...(await h.store.getShop(SHOP)),
      timeZone: 'America/New_York',
      developmentStore: true,
    });
    expect(shop).toMatchObject({ domain: SHOP, name: 'Demo Store', currency: 'USD' });
    await h.store.setPartnerDevelopment(SHOP, false);
    expect((await h.platform.getShop(SHOP))?.developmentStore).toBe(false);
    await h.store.setPartnerDevelopment(SHOP, true);
  });

  it('reads the storefront domains: the primary one and each market web presence', async () => {
    const own = new URL((await h.store.getShop(SHOP))?.primaryDomainUrl ?? '').origin;
    expect(await h.platform.storefrontDomains(SHOP)).toEqual({
      primaryDomainUrl: `${own}/sandbox/store/${SHOP}`,
      origins: [own],
    });
    const custom = await h.store.addDomain(SHOP, { host: 'shop.example.com' });
    await h.store.addDomain(SHOP, { host: 'eu.example.com', market: 'Europe' });
    await h.store.setPrimaryDomain(SHOP, custom.numericId);
    expect(await h.platform.storefrontDomains(SHOP)).toEqual({
      primaryDomainUrl: `https://shop.example.com/sandbox/store/${SHOP}`,
      origins: ['https://eu.example.com', 'https://shop.example.com'],
    });
    const request = h.graphqlRequests().at(-1);
    expect(request?.operation).toBe('PopstageStorefrontDomains');
    for (const domain of await h.store.listDomains(SHOP)) {
      await h.store.removeDomain(SHOP, domain.numericId);
    }
  });

  it('follows pagination cursors and maps products as the store has them', async () => {
    const expected = (await h.store.listProducts(SHOP, { first: 9 })).nodes.map(asFetched);
    const first = await h.platform.listProducts(SHOP, { first: 3 });
    const second = await h.platform.listProducts(SHOP, {
      first: 3,
      after: first.pageInfo.endCursor,
    });
    const third = await h.platform.listProducts(SHOP, {
      first: 3,
      after: second.pageInfo.endCursor,
    });
    expect([...first.nodes, ...second.nodes, ...third.nodes]).toEqual(expected);
    expect(third.pageInfo.hasNextPage).toBe(true);
    expect(h.graphqlRequests().map((r) => r.variables.after)).toEqual([
      null,
      first.pageInfo.endCursor,
      second.pageInfo.endCursor,
    ]);

    const archived = (await storeProducts()).filter((p) => p.status === 'ARCHIVED');
    const last = await h.platform.listProducts(SHOP, { status: 'ARCHIVED', first: 50 });
    expect(last.nodes).toEqual(archived.map(asFetched));
    expect(last.pageInfo.hasNextPage).toBe(false);
  });

  it("passes a product's price range, variants, compare-at prices and first image through the schema", async () => {
    const all = await storeProducts();
    const product = all.find(
      (p) =>
        p.images.length > 1 &&
        p.variants.length > 1 &&
        p.variants.some((v) => v.compareAtPrice !== null) &&
        p.priceRange.min !== p.priceRange.max,
    );
    if (!product) throw new Error('the seeded store has no such product');
    const [fetched] = await h.platform.getProducts(SHOP, [product.id]);
    expect(fetched).toEqual(asFetched(product));
    expect(fetched?.images).toEqual([product.images[0]]);
  });

  it('sends status, collection and quoted search terms in Shopify search syntax', async () => {
    const collections = await h.store.listCollections(SHOP, { first: 250 });
    const collection = collections.nodes.find((c) => c.handle === 'sale') ?? collections.nodes[0];
    if (!collection) throw new Error('no collection');
    const drafts = await h.store.listProducts(SHOP, {
      status: 'DRAFT',
      collectionId: collection.id,
      first: 250,
    });
    const target = drafts.nodes[0];
    if (!target) throw new Error(`no draft in ${collection.handle}`);
    const words = target.title.split(' ').slice(0, 2);

    const page = await h.platform.listProducts(SHOP, {
      status: 'DRAFT',
      collectionId: collection.id,
      query: words.join(' '),
    });
    const numericId = collection.id.split('/').at(-1);
    expect(h.graphqlRequests()[0]?.variables.query).toBe(
      `status:draft collection_id:${numericId} ${words.map((w) => `"${w}"`).join(' ')}`,
    );
    const expected = await h.store.listProducts(SHOP, {
      status: 'DRAFT',
      collectionId: collection.id,
      query: words.join(' '),
    });
    expect(page.nodes).toEqual(expected.nodes.map(asFetched));
    expect(page.nodes.map((p) => p.id)).toContain(target.id);
    await expect(h.platform.listProducts(SHOP, { first: 51 })).rejects.toThrow('first must be');
  });

  it('gets products by id in the order asked, dropping unknown, foreign and non-product ids', async () => {
    const [p1, , p3] = (await h.store.listProducts(SHOP, { first: 3 })).nodes;
    const [foreign] = (await h.store.listProducts(OTHER_SHOP, { first: 1 })).nodes;
    if (!p1 || !p3 || !foreign) throw new Error('seeded products missing');
    const products = await h.platform.getProducts(SHOP, [
      p3.id,
      'gid://shopify/Product/999999',
      'gid://shopify/Collection/1001',
      p1.id,
      p3.id,
      foreign.id,
    ]);
    expect(products).toEqual([asFetched(p3), asFetched(p1)]);
    expect(h.graphqlRequests()[0]?.variables.ids).toEqual([
      p3.id,
      'gid://shopify/Product/999999',
      p1.id,
      foreign.id,
    ]);
  });

  it('lists collections with their product counts, and tells collection membership', async () => {
    const expected = await h.store.listCollections(SHOP, { first: 250 });
    expect((await h.platform.listCollections(SHOP, { first: 250 })).nodes).toEqual(expected.nodes);
    const home = await h.platform.listCollections(SHOP, { query: 'Home' });
    expect(h.graphqlRequests().at(-1)?.variables.query).toBe('"Home"');
    expect(home.nodes).toEqual((await h.store.listCollections(SHOP, { query: 'Home' })).nodes);

    const sale = expected.nodes.find((c) => c.handle === 'sale');
    if (!sale) throw new Error('no sale collection');
    expect(await h.platform.getCollection(SHOP, sale.id)).toEqual(sale);
    const ids = (await h.store.listProducts(SHOP, { first: 100 })).nodes.map((p) => p.id);
    const inside = await h.platform.productsInCollection(SHOP, sale.id, ids);
    expect(inside).toEqual(await h.store.productsInCollection(SHOP, sale.id, ids));
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(ids.length);
  });

  it('publishes active unpublished products to the app publication in batches, and counts them', async () => {
    const all = await storeProducts();
    const active = all.filter((p) => p.status === 'ACTIVE' && !p.publishedToSalesChannel);
    const draft = all.find((p) => p.status === 'DRAFT');
    const [chosen] = active;
    if (!chosen || !draft) throw new Error('seeded products missing');
    expect(await h.platform.countPublishedProducts(SHOP)).toBe(0);

    expect(await h.platform.publishProducts(SHOP, [chosen.id, draft.id])).toBe(1);
    // No channel yet: the adapter connects it (channelCreate, bound to the deployed
    // specification), then finds the publication Shopify gave it.
    const creates = h.graphqlRequests().filter((r) => r.operation === 'PopstageChannelCreate');
    expect(creates.map((r) => r.variables.input)).toEqual([
      expect.objectContaining({ specificationHandle: 'popstage-mobile-app', accountId: SHOP }),
    ]);
    const publication = h
      .graphqlRequests()
      .filter((r) => r.operation === 'PopstageAppPublication')
      .at(-1);
    const { data } = answerOf<{
      data: {
        currentAppInstallation: { app: { id: string } };
        publications: { nodes: { id: string; catalog: { apps: { nodes: { id: string }[] } } }[] };
      };
    }>(publication);
    // The shop has other APP publications (the Online Store's): the app's is the one naming it.
    expect(data.publications.nodes.length).toBeGreaterThan(1);
    const publicationId = data.publications.nodes.find((node) =>
      node.catalog.apps.nodes.some((app) => app.id === data.currentAppInstallation.app.id),
    )?.id as string;
    expect(publicationId).toMatch(/^gid:\/\/shopify\/Publication\/\d+$/);
    const publish = h.graphqlRequests().find((r) => r.operation === 'PopstagePublishProducts');
    expect(publish?.variables).toEqual({ publicationId, id0: chosen.id });
    expect(
      (await h.store.getProducts(SHOP, [chosen.id, draft.id])).map(
        (p) => p.publishedToSalesChannel,
      ),
    ).toEqual([true, false]);

    h.reset();
    expect(await h.platform.publishProducts(SHOP)).toBe(active.length - 1);
    const batches = h
      .graphqlRequests()
      .filter((r) => r.operation === 'PopstagePublishProducts' && !throttled(r.answer))
      .map((r) => Object.keys(r.variables).filter((key) => key.startsWith('id')).length);
    expect(batches.every((size) => size <= 25)).toBe(true);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(active.length - 1);
    // 250 points a batch: a whole catalogue outruns the bucket, and the waits carry it through.
    expect(h.sleeps.length).toBeGreaterThan(0);

    expect(await h.platform.countPublishedProducts(SHOP)).toBe(active.length);
    expect(await h.store.countPublishedProducts(SHOP)).toBe(active.length);
    expect(await h.platform.publishProducts(SHOP)).toBe(0);
    // publishedOnly filters by the app's publication in search syntax (publication_ids).
    const published = await h.platform.listProducts(SHOP, { publishedOnly: true, first: 50 });
    expect(h.graphqlRequests().at(-1)?.variables.query).toBe(
      `publication_ids:${publicationId.split('/').at(-1)}`,
    );
    expect(published.nodes).toEqual(
      (await h.store.listProducts(SHOP, { publishedOnly: true, first: 50 })).nodes.map(asFetched),
    );
    expect(published.nodes.length).toBe(Math.min(50, active.length));
  });

  it('asks for the app publication once per 10 minutes, not on every call', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const platform = h.createPlatform({ clock: { now: () => now } });
    h.reset();
    const asked = () =>
      h.graphqlRequests().filter((r) => r.operation === 'PopstageAppPublication').length;
    // An admin load and a wizard poll each ask for the count and the channel: one lookup.
    for (let i = 0; i < 5; i++) {
      await platform.ensureSalesChannel(SHOP);
      await platform.countPublishedProducts(SHOP);
    }
    expect(asked()).toBe(1);
    now = new Date(now.getTime() + 10 * 60_000 + 1);
    await platform.countPublishedProducts(SHOP);
    expect(asked()).toBe(2);
  });
});

describe('app embed', () => {
  it("reads the MAIN theme's settings_data.json: on, then off, by the app's own handle", async () => {
    await h.store.setAppEmbed(SHOP, true);
    // No configuration: the handle (not `popstage` here) comes from currentAppInstallation.
    expect(APP_HANDLE).not.toBe('popstage');
    expect(await h.platform.isAppEmbedEnabled(SHOP)).toBe(true);
    expect(h.graphqlRequests()[0]?.variables).toEqual({ filenames: ['config/settings_data.json'] });
    expect(h.graphqlRequests()[0]?.answer).toMatchObject({
      data: { currentAppInstallation: { app: { handle: APP_HANDLE } } },
    });
    // The extension's uuid finds it too; SHOPIFY_THEME_EXTENSION overrides both.
    expect(await h.createPlatform({ extensionUuid: EXTENSION_UUID }).isAppEmbedEnabled(SHOP)).toBe(
      true,
    );
    expect(await h.createPlatform({ themeExtension: EXTENSION_UUID }).isAppEmbedEnabled(SHOP)).toBe(
      true,
    );
    const other = h.createPlatform({ themeExtension: 'ffffffff-c3d4-7e5f-8a9b-0c1d2e3f4a5b' });
    expect(await other.isAppEmbedEnabled(SHOP)).toBe(false);
    // The old default, `popstage`, names no block of this app.
    expect(await h.createPlatform({ themeExtension: 'popstage' }).isAppEmbedEnabled(SHOP)).toBe(
      false,
    );
    await h.store.setAppEmbed(SHOP, false);
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
    const shop = await h.store.getShop(SHOP);
    expect(page).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/Page\/\d+$/),
      title: 'Live',
      handle: 'live',
      body: '<div></div>',
      url: `${shop?.primaryDomainUrl}/pages/live`,
    });
    expect(await h.store.findPage(SHOP, 'live')).toEqual(page);
    const create = h.graphqlRequests().find((r) => r.operation === 'PopstagePageCreate');
    expect(create?.variables).toEqual({
      page: { title: 'Live', handle: 'live', body: '<div></div>', isPublished: true },
    });
    expect(await h.platform.findPage(SHOP, 'live')).toEqual(page);
    expect(h.graphqlRequests().at(-1)?.variables).toEqual({ query: 'handle:"live"' });
  });
});

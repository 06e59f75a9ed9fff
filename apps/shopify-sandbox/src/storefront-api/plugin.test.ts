import { sessionToken } from '@popstage/testkit/shop';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiPlugin } from '../admin-api/plugin';
import { API_VERSION } from '../schema/load-schema';
import { createAccessTokens } from '../store/access-tokens';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import type { SandboxStore } from '../store/store';
import { createStorefrontTokens } from '../store/storefront-tokens';
import { createSeededTestStore, type SeededTestStore } from '../store/test-database';
import { loadThemeApp } from '../theme/load-theme-app';
import { createThemeStates } from '../theme/theme-states';
import { storefrontApiPlugin } from './plugin';

const APP = {
  apiKey: 'test-key',
  apiSecret: 'test-secret-at-least-16',
  scopes: 'write_products,unauthenticated_read_product_listings',
};
const storefrontUrl = (shop: string) => `/${shop}/api/${API_VERSION}/graphql.json`;

let database: SeededTestStore;
let app: FastifyInstance;
let store: SandboxStore;
let token: string;

/** The app's way to a storefront token: token exchange, then the Admin API mutation. */
async function createStorefrontToken(shop: string, title: string) {
  const exchanged = await app.inject({
    method: 'POST',
    url: `/${shop}/admin/oauth/access_token`,
    payload: {
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: await sessionToken({ apiKey: APP.apiKey, apiSecret: APP.apiSecret }, shop),
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    },
  });
  const answer = await app.inject({
    method: 'POST',
    url: `/${shop}/admin/api/${API_VERSION}/graphql.json`,
    headers: { 'x-shopify-access-token': exchanged.json().access_token },
    payload: {
      query: `mutation Create($input: StorefrontAccessTokenInput!) {
        storefrontAccessTokenCreate(input: $input) {
          storefrontAccessToken { id accessToken title accessScopes { handle } }
          shop { myshopifyDomain }
          userErrors { field message }
        }
      }`,
      variables: { input: { title } },
    },
  });
  return answer.json().data.storefrontAccessTokenCreate;
}

const storefront = (query: string, variables = {}, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: storefrontUrl(DEMO_SHOP),
    headers: { 'x-shopify-storefront-access-token': token, ...headers },
    payload: { query, variables },
  });

beforeAll(async () => {
  database = await createSeededTestStore();
  store = database.store;
  const now = () => new Date();
  const storefrontTokens = createStorefrontTokens(database.db, now);
  app = Fastify();
  await app.register(adminApiPlugin, {
    store,
    themes: createThemeStates(database.db, loadThemeApp()),
    tokens: createAccessTokens(database.db, now),
    storefrontTokens,
    app: APP,
  });
  await app.register(storefrontApiPlugin, { store, tokens: storefrontTokens });
  const created = await createStorefrontToken(DEMO_SHOP, 'Branded app');
  token = created.storefrontAccessToken.accessToken;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('storefront access tokens', () => {
  it("are created through the Admin API with the app's unauthenticated scopes", async () => {
    const created = await createStorefrontToken(DEMO_SHOP, 'Another');
    expect(created.userErrors).toEqual([]);
    expect(created.shop).toEqual({ myshopifyDomain: DEMO_SHOP });
    expect(created.storefrontAccessToken).toMatchObject({
      title: 'Another',
      accessScopes: [{ handle: 'unauthenticated_read_product_listings' }],
    });
    expect(created.storefrontAccessToken.accessToken).toMatch(/^[0-9a-f]{32}$/);
    const blank = await createStorefrontToken(DEMO_SHOP, '  ');
    expect(blank.storefrontAccessToken).toBeNull();
    expect(blank.userErrors).toEqual([
      { field: ['input', 'title'], message: "Title can't be blank" },
    ]);
  });

  it("answers 401 with a wrong token or another shop's", async () => {
    const other = (await createStorefrontToken(OTHER_SHOP, 'Other')).storefrontAccessToken
      .accessToken;
    for (const sent of ['not-a-token', other]) {
      const answer = await app.inject({
        method: 'POST',
        url: storefrontUrl(DEMO_SHOP),
        headers: sent ? { 'x-shopify-storefront-access-token': sent } : {},
        payload: { query: '{ shop { name } }' },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().errors[0].extensions.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 404 for a version Shopify never had or an unknown shop', async () => {
    const headers = { 'x-shopify-storefront-access-token': token };
    const payload = { query: '{ shop { name } }' };
    for (const url of [
      `/${DEMO_SHOP}/api/2099-01/graphql.json`,
      `/${DEMO_SHOP}/api/latest-please/graphql.json`,
      storefrontUrl('nobody.myshopify.com'),
    ]) {
      expect((await app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(404);
    }
  });

  it('serves each shipped version on its own schema, an old one falling forward', async () => {
    const headers = { 'x-shopify-storefront-access-token': token };
    const payload = { query: '{ shop { name } }' };
    for (const [asked, served] of [
      ['2025-10', '2025-10'],
      ['2026-07', '2026-07'],
      ['unstable', 'unstable'],
      ['2020-01', '2025-10'],
    ]) {
      const url = `/${DEMO_SHOP}/api/${asked}/graphql.json`;
      const answer = await app.inject({ method: 'POST', url, headers, payload });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-shopify-api-version']).toBe(served);
      expect(answer.json().data.shop.name).toBe('Demo Store');
    }
  });
});

describe('what each caller sees', () => {
  const handles = async (headers: Record<string, string>) => {
    const answer = await app.inject({
      method: 'POST',
      url: storefrontUrl(DEMO_SHOP),
      headers,
      payload: { query: '{ products(first: 250) { nodes { handle } } }' },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().data.products.nodes.map((node: { handle: string }) => node.handle);
  };

  it("serves a token only the products published to the app's sales channel", async () => {
    const active = await store.listProducts(DEMO_SHOP, { first: 250, status: 'ACTIVE' });
    const unpublished = active.nodes.filter((product) => !product.publishedToSalesChannel);
    expect(unpublished.length).toBeGreaterThan(1);
    const [toPublish, stillOff] = unpublished;
    const before = await handles({ 'x-shopify-storefront-access-token': token });
    expect(before).not.toContain(toPublish?.handle);
    expect(before).not.toContain(stillOff?.handle);
    await store.publishProducts(DEMO_SHOP, [toPublish?.id ?? '']);
    const after = await handles({ 'x-shopify-storefront-access-token': token });
    expect(after).toContain(toPublish?.handle);
    expect(after).not.toContain(stillOff?.handle);
    const byHandle = await storefront('query ($h: String!) { product(handle: $h) { id } }', {
      h: stillOff?.handle,
    });
    expect(byHandle.json().data.product).toBeNull();
  });

  it("serves tokenless access the Online Store's products, within its complexity limit", async () => {
    const tokenless = await handles({});
    const active = await store.listProducts(DEMO_SHOP, { first: 250, status: 'ACTIVE' });
    expect(tokenless).toEqual(active.nodes.map((product) => product.handle));
    const dear = '{ products(first: 250) { nodes { variants(first: 5) { nodes { id } } } } }';
    const refused = await app.inject({
      method: 'POST',
      url: storefrontUrl(DEMO_SHOP),
      payload: { query: dear },
    });
    expect(refused.json().errors[0].extensions).toMatchObject({ code: 'MAX_COMPLEXITY_EXCEEDED' });
    expect((await storefront(dear)).json().errors).toBeUndefined();
  });
});

describe('the Storefront API on the published schema', () => {
  it('serves the shop, with no Admin API cost extension', async () => {
    const answer = await storefront(
      '{ shop { name primaryDomain { url } paymentSettings { currencyCode } } }',
    );
    const shop = await store.getShop(DEMO_SHOP);
    expect(answer.json()).toEqual({
      data: {
        shop: {
          name: shop?.name,
          primaryDomain: { url: shop?.primaryDomainUrl },
          paymentSettings: { currencyCode: shop?.currency },
        },
      },
    });
  });

  it('lists active products only, with prices and variants, and finds one by handle', async () => {
    const actives = await store.listProducts(DEMO_SHOP, { first: 3, status: 'ACTIVE' });
    await store.publishProducts(
      DEMO_SHOP,
      actives.nodes.map((product) => product.id),
    );
    const answer = await storefront(`{
      products(first: 250) {
        nodes { id handle title availableForSale featuredImage { url }
          priceRange { minVariantPrice { amount currencyCode } }
          variants(first: 3) { nodes { id price { amount } availableForSale } } }
      }
    }`);
    const listed = answer.json().data.products.nodes as { id: string; handle: string }[];
    // What the app's channel has: the active products published to it.
    const active = (
      await store.listProducts(DEMO_SHOP, { first: 250, status: 'ACTIVE', publishedOnly: true })
    ).nodes;
    expect(active.length).toBeGreaterThanOrEqual(3);
    expect(listed.map((p) => p.id)).toEqual(active.map((p) => p.id));
    const all = (await store.listProducts(DEMO_SHOP, { first: 250 })).nodes;
    const first = active[0];
    if (!first) throw new Error('fixture');
    const one = await storefront(
      'query One($handle: String!) { product(handle: $handle) { id title } }',
      {
        handle: first.handle,
      },
    );
    expect(one.json().data.product).toEqual({ id: first.id, title: first.title });
    const hidden = all.find((product) => product.status !== 'ACTIVE');
    if (!hidden) throw new Error('fixture: the seed has a draft or archived product');
    const none = await storefront(
      'query One($handle: String!) { product(handle: $handle) { id } }',
      {
        handle: hidden.handle,
      },
    );
    expect(none.json().data.product).toBeNull();
  });

  it("reads a collection's products", async () => {
    const [collection] = (await store.listCollections(DEMO_SHOP, { first: 1 })).nodes;
    if (!collection) throw new Error('fixture');
    const answer = await storefront(
      'query C($handle: String!) { collection(handle: $handle) { title products(first: 5) { nodes { handle } } } }',
      { handle: collection.handle },
    );
    expect(answer.json().data.collection.title).toBe(collection.title);
    expect(answer.json().data.collection.products.nodes.length).toBeGreaterThan(0);
  });

  it('names a real field it does not serve, and refuses one the schema does not have', async () => {
    const unserved = await storefront('{ shop { brand { slogan } } }');
    expect(unserved.json().errors[0]).toMatchObject({
      message: "Field 'Shop.brand' is not served by the local Shopify.",
      extensions: { code: 'NOT_IMPLEMENTED' },
    });
    const unknown = await storefront('{ shop { nonsense } }');
    expect(unknown.json().errors[0].message).toContain(
      "Field 'nonsense' doesn't exist on type 'Shop'",
    );
  });
});

import { sessionToken } from '@popstage/testkit/shop';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppConfig } from '../app-config';
import { API_VERSION } from '../schema/load-schema';
import { createAccessTokens } from '../store/access-tokens';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import { createStorefrontTokens } from '../store/storefront-tokens';
import { createSeededTestStore, type SeededTestStore } from '../store/test-database';
import { loadThemeApp } from '../theme/load-theme-app';
import { createThemeStates } from '../theme/theme-states';
import { adminApiPlugin } from './plugin';

const APP = {
  apiKey: 'test-key',
  apiSecret: 'test-secret-at-least-16',
  // What shopify.app.toml declares: the grant at install.
  scopes: readAppConfig().scopes.join(','),
  channelSpecifications: readAppConfig().channelSpecifications,
};
const GRAPHQL = `/${DEMO_SHOP}/admin/api/${API_VERSION}/graphql.json`;
const EXCHANGE = `/${DEMO_SHOP}/admin/oauth/access_token`;

let database: SeededTestStore;
let app: FastifyInstance;
let clock = Date.now();
let tokens: ReturnType<typeof createAccessTokens>;

/** An App Bridge session token for the shop, signed with the app's secret unless told. */
const sessionTokenFor = (shop: string, apiSecret = APP.apiSecret) =>
  sessionToken({ apiKey: APP.apiKey, apiSecret }, shop, clock);

const exchange = async (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: EXCHANGE, payload: body });

const exchangeFor = async (shop = DEMO_SHOP, extra: Record<string, unknown> = {}) =>
  exchange({
    ...(await exchangeBody(shop)),
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    ...extra,
  });

const graphql = (token: string, query: string, variables = {}) =>
  app.inject({
    method: 'POST',
    url: GRAPHQL,
    headers: { 'x-shopify-access-token': token },
    payload: { query, variables },
  });

beforeAll(async () => {
  database = await createSeededTestStore();
  const { store } = database;
  const themes = createThemeStates(database.db, loadThemeApp());
  tokens = createAccessTokens(database.db, () => new Date(clock));
  app = Fastify();
  await app.register(adminApiPlugin, {
    store,
    themes,
    tokens,
    storefrontTokens: createStorefrontTokens(database.db, () => new Date(clock)),
    app: APP,
    now: () => clock,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('token exchange', () => {
  it('turns a session token into an offline access token that opens the Admin API', async () => {
    const answer = await exchangeFor();
    expect(answer.statusCode).toBe(200);
    const { access_token, scope } = answer.json();
    expect(access_token).toMatch(/^shpat_/);
    expect(scope).toBe(APP.scopes);
    const shop = await graphql(access_token, '{ shop { myshopifyDomain currencyCode } }');
    expect(shop.json().data).toEqual({ shop: { myshopifyDomain: DEMO_SHOP, currencyCode: 'USD' } });
  });

  it("refuses another shop's session token, a forged one and wrong credentials", async () => {
    expect((await exchange({ ...(await exchangeBody(OTHER_SHOP)) })).json()).toMatchObject({
      error: 'invalid_subject_token',
    });
    const forged = await exchangeBody(DEMO_SHOP, 'another-secret-of-16+');
    expect((await exchange(forged)).statusCode).toBe(400);
    const wrongClient = { ...(await exchangeBody(DEMO_SHOP)), client_secret: 'nope' };
    expect((await exchange(wrongClient)).statusCode).toBe(400);
  });

  it('issues expiring tokens that stop working after an hour and rotate on refresh', async () => {
    const issued = (await exchangeFor(DEMO_SHOP, { expiring: '1' })).json();
    expect(issued).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 7_776_000 });
    clock += 3601 * 1000;
    const expired = await graphql(issued.access_token, '{ shop { name } }');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    const refresh = {
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
    };
    const renewed = (await exchange(refresh)).json();
    expect(renewed).toMatchObject({
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
    });
    expect(renewed.refresh_token).not.toBe(issued.refresh_token);
    expect((await graphql(renewed.access_token, '{ shop { name } }')).statusCode).toBe(200);
    // The answer was lost: the used refresh token may be retried until its replacement is used…
    const retried = (await exchange(refresh)).json();
    expect(retried.access_token).toMatch(/^shpat_/);
    // …which retires it.
    const replacement = { ...refresh, refresh_token: retried.refresh_token };
    expect((await exchange(replacement)).statusCode).toBe(200);
    const old = await exchange(refresh);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('lets a used refresh token be retried for 30 days at most', async () => {
    const issued = (await exchangeFor(DEMO_SHOP, { expiring: '1' })).json();
    const refresh = {
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
    };
    expect((await exchange(refresh)).statusCode).toBe(200);
    clock += 31 * 24 * 3600 * 1000;
    expect((await exchange(refresh)).json()).toMatchObject({ error: 'invalid_grant' });
  });
});

async function exchangeBody(shop: string, secret = APP.apiSecret) {
  return {
    client_id: APP.apiKey,
    client_secret: APP.apiSecret,
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: await sessionTokenFor(shop, secret),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
  };
}

describe('Admin GraphQL', () => {
  let token: string;
  beforeAll(async () => {
    token = (await exchangeFor()).json().access_token;
  });

  it('serves products from the store, filtered by Shopify search syntax', async () => {
    const answer = await graphql(
      token,
      `query P($q: String) { products(first: 3, query: $q) {
        nodes { id title status variants(first: 1) { nodes { price } } }
        pageInfo { hasNextPage } } }`,
      { q: 'status:active' },
    );
    const { products } = answer.json().data;
    expect(products.nodes).toHaveLength(3);
    expect(products.nodes.every((p: { status: string }) => p.status === 'ACTIVE')).toBe(true);
    expect(products.pageInfo.hasNextPage).toBe(true);
    expect(answer.json().extensions.cost.requestedQueryCost).toBe(2 + 3 * (1 + 2 + 1));
  });

  it('answers a cursor it did not issue with a BAD_REQUEST error', async () => {
    const answer = await graphql(
      token,
      '{ products(first: 1, after: "nonsense") { nodes { id } } }',
    );
    expect(answer.json().errors[0]).toMatchObject({
      message: 'Invalid cursor',
      path: ['products'],
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it("names a field the local Shopify does not serve, in GraphQL's error shape", async () => {
    const answer = (await graphql(token, '{ shop { name timezoneAbbreviation } }')).json();
    expect(answer.errors[0]).toMatchObject({
      message: "Field 'Shop.timezoneAbbreviation' is not served by the local Shopify.",
      path: ['shop', 'timezoneAbbreviation'],
    });
  });

  it('refuses a query over 1,000 points and throttles a burst past the bucket', async () => {
    const huge = '{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }';
    expect((await graphql(token, huge)).json().errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
    // 252 points asked and returned (the shop has 300 products): the 8th finds 2000 - 7 × 252.
    const dear = '{ products(first: 250) { nodes { id } } }';
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = (await graphql(token, dear)).json();
      codes.push(answer.errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(codes).toEqual([...Array(7).fill('ok'), 'THROTTLED']);
    clock += 20_000;
    expect((await graphql(token, dear)).json().errors).toBeUndefined();
  });

  it('refuses a metafieldsSet of more than 25 metafields whole, as Shopify does', async () => {
    const mutation = `mutation Set($metafields: [MetafieldsSetInput!]!) {
      metafieldsSet(metafields: $metafields) { userErrors { message } } }`;
    const metafields = Array.from({ length: 26 }, (_, i) => ({
      ownerId: `gid://shopify/Product/${1001 + i}`,
      namespace: '$app',
      key: 'clip_count',
      type: 'number_integer',
      value: '1',
    }));
    const answer = (await graphql(token, mutation, { metafields })).json();
    expect(answer.errors[0]).toMatchObject({
      message: 'The input array size of 26 is greater than the maximum allowed of 25.',
      extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
    });
    expect(answer.data).toEqual({ metafieldsSet: null });
    expect((await graphql(token, mutation, { metafields: metafields.slice(1) })).json()).toEqual(
      expect.objectContaining({ data: { metafieldsSet: { userErrors: [] } } }),
    );
  });

  it('answers an old version on the oldest served one, 404 for a version that never was or an unknown shop', async () => {
    const old = await app.inject({
      method: 'POST',
      url: `/${DEMO_SHOP}/admin/api/2019-01/graphql.json`,
      headers: { 'x-shopify-access-token': token },
      payload: { query: '{ shop { name } }' },
    });
    expect(old.statusCode).toBe(200);
    expect(old.headers['x-shopify-api-version']).toBe('2025-10');
    const future = await app.inject({
      method: 'POST',
      url: `/${DEMO_SHOP}/admin/api/2099-01/graphql.json`,
      headers: { 'x-shopify-access-token': token },
      payload: { query: '{ shop { name } }' },
    });
    expect(future.statusCode).toBe(404);
    const unknown = await app.inject({
      method: 'POST',
      url: `/nope.myshopify.com/admin/api/${API_VERSION}/graphql.json`,
      payload: { query: '{ shop { name } }' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('connects the app channel once, to a specification of its channel_config extension', async () => {
    expect(APP.channelSpecifications).toEqual(['popstage-mobile-app']);
    const publications = `{ publications(first: 10, catalogType: APP) { nodes { id } } }`;
    const before = (await graphql(token, publications)).json().data.publications.nodes;
    const create = `mutation ($input: ChannelCreateInput!) {
      channelCreate(input: $input) { channel { id specificationHandle } userErrors { field code } }
    }`;
    const input = { accountId: DEMO_SHOP, accountName: 'Demo mobile app' };
    const unknown = await graphql(token, create, {
      input: { ...input, specificationHandle: 'amazon-us' },
    });
    expect(unknown.json().data.channelCreate).toEqual({
      channel: null,
      userErrors: [{ field: ['input', 'specificationHandle'], code: 'NOT_FOUND' }],
    });
    const created = await graphql(token, create, {
      input: { ...input, specificationHandle: 'popstage-mobile-app' },
    });
    expect(created.json().data.channelCreate).toEqual({
      channel: { id: expect.any(String), specificationHandle: 'popstage-mobile-app' },
      userErrors: [],
    });
    const after = (await graphql(token, publications)).json().data.publications.nodes;
    expect(after).toHaveLength(before.length + 1);
    const again = await graphql(token, create, {
      input: { ...input, specificationHandle: 'popstage-mobile-app' },
    });
    expect(again.json().data.channelCreate.userErrors).toEqual([
      { field: ['input'], code: 'INVALID' },
    ]);
  });

  it('serves every Admin version @shopify/dev-mcp ships, each on its own schema', async () => {
    for (const version of ['2025-10', '2026-01', '2026-04', '2026-07', '2026-10', 'unstable']) {
      const answer = await app.inject({
        method: 'POST',
        url: `/${DEMO_SHOP}/admin/api/${version}/graphql.json`,
        headers: { 'x-shopify-access-token': token },
        payload: { query: '{ shop { name } }' },
      });
      expect(answer.headers['x-shopify-api-version']).toBe(version);
      expect(answer.json().data.shop.name).toBe('Demo Store');
    }
  });

  it('refunds what a query asked but did not get', async () => {
    clock += 60_000;
    const answer = (
      await graphql(
        token,
        '{ products(first: 5) { nodes { variants(first: 50) { nodes { id } } } } }',
      )
    ).json();
    const { requestedQueryCost, actualQueryCost, throttleStatus } = answer.extensions.cost;
    const variants = answer.data.products.nodes.flatMap(
      (product: { variants: { nodes: unknown[] } }) => product.variants.nodes,
    );
    expect(requestedQueryCost).toBe(2 + 5 * (1 + 2 + 50));
    expect(actualQueryCost).toBe(2 + 5 * (1 + 2) + variants.length);
    expect(throttleStatus.currentlyAvailable).toBe(2000 - actualQueryCost);
  });

  it("answers ACCESS_DENIED once the merchant narrows the grant, and serves it again with shopify.app.toml's scopes", async () => {
    const query = '{ products(first: 1) { nodes { id } } }';
    await tokens.setGrantedScopes(DEMO_SHOP, ['read_themes']);
    const denied = (await graphql(token, query)).json();
    expect(denied.errors[0]).toMatchObject({
      message: 'Access denied for products field. Required access: `read_products` access scope.',
      path: ['products'],
      extensions: { code: 'ACCESS_DENIED', requiredAccess: '`read_products` access scope.' },
    });
    await tokens.setGrantedScopes(DEMO_SHOP, readAppConfig().scopes);
    expect((await graphql(token, query)).json().data.products.nodes).toHaveLength(1);
  });

  it("answers a bad variable with Shopify's error and never turns the bucket NaN (random variables)", async () => {
    clock += 60_000;
    const query = 'query P($first: Int) { products(first: $first) { nodes { id } } }';
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (first) => {
        const answer = (await graphql(token, query, { first })).json();
        const status = (await graphql(token, '{ shop { name } }')).json().extensions.cost
          .throttleStatus;
        expect(Number.isInteger(status.currentlyAvailable)).toBe(true);
        if (answer.errors?.[0]?.message.startsWith('Variable $first')) {
          expect(answer.extensions).toBeUndefined();
        }
      }),
      { numRuns: 40 },
    );
    const bad = (await graphql(token, query, { first: 'ten' })).json();
    expect(bad).toEqual({
      errors: [
        {
          message: 'Variable $first of type Int was provided invalid value',
          locations: [{ line: 1, column: 9 }],
          extensions: {
            value: 'ten',
            problems: [{ path: [], explanation: 'Int cannot represent non-integer value: "ten"' }],
          },
        },
      ],
    });
  });

  it("gives each shop its own ids, and resolves $app to the app's reserved namespace", async () => {
    clock += 60_000;
    const query = `{ shop { id } currentAppInstallation { id app { id } }
      publications(first: 5, catalogType: APP) { nodes { id catalog { id } } }
      themes(first: 1) { nodes { id } } }`;
    const idsOf = async (shop: string) => {
      const exchanged = await app.inject({
        method: 'POST',
        url: `/${shop}/admin/oauth/access_token`,
        payload: await exchangeBody(shop),
      });
      const shopToken = exchanged.json().access_token;
      const answer = await app.inject({
        method: 'POST',
        url: `/${shop}/admin/api/${API_VERSION}/graphql.json`,
        headers: { 'x-shopify-access-token': shopToken },
        payload: { query },
      });
      return answer.json().data;
    };
    const demo = await idsOf(DEMO_SHOP);
    const other = await idsOf(OTHER_SHOP);
    const flat = (data: Record<string, unknown>) =>
      JSON.stringify(data).match(/gid:\/\/shopify\/[A-Za-z]+\/\d+/g) ?? [];
    const demoIds = flat(demo).filter((id) => !id.includes('/App/'));
    expect(demoIds.length).toBeGreaterThanOrEqual(5);
    expect(new Set(demoIds).size).toBe(demoIds.length);
    for (const id of demoIds) expect(flat(other)).not.toContain(id);
    // The app is one app: the same id on every shop, as on Shopify.
    expect(demo.currentAppInstallation.app.id).toBe(other.currentAppInstallation.app.id);

    const set = `mutation Set($metafields: [MetafieldsSetInput!]!) {
      metafieldsSet(metafields: $metafields) { metafields { id namespace key } userErrors { message } } }`;
    const [product] = (await graphql(token, '{ products(first: 1) { nodes { id } } }')).json().data
      .products.nodes;
    const written = (
      await graphql(token, set, {
        metafields: [
          {
            ownerId: product.id,
            namespace: '$app',
            key: 'clip_count',
            type: 'number_integer',
            value: '2',
          },
        ],
      })
    ).json().data.metafieldsSet;
    const appNamespace = `app--${demo.currentAppInstallation.app.id.split('/').pop()}`;
    expect(written).toEqual({
      metafields: [
        {
          id: expect.stringMatching(/^gid:\/\/shopify\/Metafield\/\d+$/),
          namespace: appNamespace,
          key: 'clip_count',
        },
      ],
      userErrors: [],
    });
    // The resolved namespace is the same metafield.
    const again = (
      await graphql(token, set, {
        metafields: [
          {
            ownerId: product.id,
            namespace: appNamespace,
            key: 'clip_count',
            type: 'number_integer',
            value: '3',
          },
        ],
      })
    ).json().data.metafieldsSet;
    expect(again.metafields[0].id).toBe(written.metafields[0].id);
  });
});

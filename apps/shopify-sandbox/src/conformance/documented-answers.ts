import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { expect } from 'vitest';
import { embeddedAppUrl } from '../admin-frame/embed-url';
import { servedVersions } from '../schema/api-versions';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import { APP, type Harness, type Observed } from './harness';

/**
 * Shopify's documented answers, each with where Shopify documents it: shopify.dev, or a fixture
 * in Shopify's own libraries (github.com/Shopify/shopify-app-js). The suite asks the local Shopify
 * the same and checks the status, the headers and the body's shape; a change that makes the local
 * Shopify drift from Shopify fails its row.
 */
export interface DocumentedAnswer {
  /** What Shopify answers, in words. */
  answer: string;
  /** Where Shopify documents it. */
  source: string;
  observe: (h: Harness) => Promise<Observed>;
  status?: number;
  headers?: Record<string, unknown>;
  body?: unknown;
}

const DOCS = 'https://shopify.dev/docs';
const LIBS = 'https://github.com/Shopify/shopify-app-js/blob/main/packages';
const RATE_LIMITS = `${DOCS}/api/usage/rate-limits`;
const VERSIONING = `${DOCS}/api/usage/versioning`;
const ACCESS_SCOPES = `${DOCS}/api/usage/access-scopes`;
const TOKEN_EXCHANGE = `${DOCS}/apps/build/authentication-authorization/get-access-tokens/exchange-tokens`;
const OFFLINE_TOKENS = `${DOCS}/apps/build/authentication-authorization/access-token-types/offline-access-tokens`;
const WEBHOOKS = `${DOCS}/apps/build/webhooks/subscribe/https`;
const SESSION_TOKENS = `${DOCS}/apps/build/authentication-authorization/session-tokens`;
const STOREFRONT_AUTH = `${DOCS}/api/storefront#authentication`;
const INVALID_TOKEN =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';

const throttleStatus = {
  maximumAvailable: 2000,
  currentlyAvailable: expect.any(Number),
  restoreRate: 100,
};

/** A connection's page: 2 + 1 per node (their scalars cost nothing). */
const PRODUCTS_5 = '{ products(first: 5) { nodes { id title } } }';

const perVersion = (api: 'admin' | 'storefront'): DocumentedAnswer[] =>
  servedVersions(api).map((version) => ({
    answer: `${api === 'admin' ? 'Admin' : 'Storefront'} API ${version} is served on its own schema, naming it in X-Shopify-API-Version`,
    source: VERSIONING,
    observe: (h) =>
      api === 'admin'
        ? h.admin('{ shop { name } }', { version })
        : h.storefront('{ shop { name } }', { version }),
    status: 200,
    headers: {
      'x-shopify-api-version': version,
      'content-type': expect.stringMatching(/^application\/json/),
    },
    body: { data: { shop: { name: 'Demo Store' } } },
  }));

export const DOCUMENTED_ANSWERS: DocumentedAnswer[] = [
  // Admin GraphQL: authentication and versions
  {
    answer: 'Admin GraphQL with a valid access token answers 200 with data and the cost',
    source: `${DOCS}/api/admin-graphql#authentication`,
    observe: (h) => h.admin('{ shop { name myshopifyDomain } }'),
    status: 200,
    body: {
      data: { shop: { name: 'Demo Store', myshopifyDomain: DEMO_SHOP } },
      extensions: { cost: { requestedQueryCost: 1, actualQueryCost: 1, throttleStatus } },
    },
  },
  {
    answer: 'A wrong access token is 401 with the invalid API key message',
    source: `${LIBS}/api-clients/admin-api-client/README.md`,
    observe: (h) => h.admin('{ shop { name } }', { token: 'shpat_not-a-token' }),
    status: 401,
    body: { errors: INVALID_TOKEN },
  },
  {
    answer: 'No access token is 401 with the invalid API key message',
    source: `${DOCS}/api/admin-graphql#authentication`,
    observe: (h) =>
      h.request('POST', `/sandbox/${DEMO_SHOP}/admin/api/2026-10/graphql.json`, {
        query: '{ shop { name } }',
      }),
    status: 401,
    body: { errors: INVALID_TOKEN },
  },
  {
    answer: "Another shop's access token is refused with 401",
    source: `${DOCS}/api/admin-graphql#authentication`,
    observe: async (h) => h.admin('{ shop { name } }', { token: await h.token(OTHER_SHOP) }),
    status: 401,
  },
  ...perVersion('admin'),
  {
    answer: 'An unsupported old version falls forward to the oldest supported stable version',
    source: VERSIONING,
    observe: (h) => h.admin('{ shop { name } }', { version: '2023-01' }),
    status: 200,
    headers: { 'x-shopify-api-version': '2025-10' },
  },
  {
    answer: 'A version that does not exist is 404',
    source: VERSIONING,
    observe: (h) => h.admin('{ shop { name } }', { version: '2099-13' }),
    status: 404,
  },
  {
    answer: 'A shop that does not exist is 404',
    source: `${DOCS}/api/usage/response-codes`,
    observe: (h) =>
      h.request('POST', '/sandbox/no-such-shop.myshopify.com/admin/api/2026-10/graphql.json', {
        query: '{ shop { name } }',
      }),
    status: 404,
  },
  {
    answer: 'A request without a query is 400 "Required parameter missing or invalid"',
    source: `${DOCS}/api/usage/response-codes`,
    observe: (h) => h.admin(undefined),
    status: 400,
    body: { errors: { query: 'Required parameter missing or invalid' } },
  },
  // Admin GraphQL: errors
  {
    answer: "A field the type lacks is undefinedField, with Shopify's message, path and extensions",
    source: `${LIBS}/api-clients/admin-api-client/README.md`,
    observe: (h) => h.admin('query shop { shop { test } }'),
    status: 200,
    body: {
      errors: [
        {
          message: "Field 'test' doesn't exist on type 'Shop'",
          locations: [{ line: 1, column: 21 }],
          path: ['query shop', 'shop', 'test'],
          extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'test' },
        },
      ],
    },
  },
  {
    answer: "A field in a fragment the type lacks is reported on the fragment's path",
    source: `${LIBS}/api-clients/admin-api-client/README.md`,
    observe: (h) =>
      h.admin(
        'query P { products(first: 1) { nodes { ...ProductFragment } } } fragment ProductFragment on Product { testField }',
      ),
    body: {
      errors: [
        expect.objectContaining({
          message: "Field 'testField' doesn't exist on type 'Product'",
          path: ['fragment ProductFragment', 'testField'],
          extensions: { code: 'undefinedField', typeName: 'Product', fieldName: 'testField' },
        }),
      ],
    },
  },
  {
    answer:
      'A field the access scopes do not reach is ACCESS_DENIED with requiredAccess and documentation',
    source: `${LIBS}/api-clients/graphql-client/src/graphql-client/tests/graphql-client/client-requestStream.test.ts`,
    observe: async (h) => {
      await h.request('PUT', `/sandbox/api/shops/${DEMO_SHOP}/access-scopes`, {
        granted: ['read_themes'],
      });
      const answer = await h.admin('{ products(first: 1) { nodes { id } } }');
      await h.request('PUT', `/sandbox/api/shops/${DEMO_SHOP}/access-scopes`, {
        granted: [
          'write_products',
          'write_publications',
          'read_themes',
          'write_online_store_pages',
          'read_orders',
          'unauthenticated_read_product_listings',
          'unauthenticated_read_content',
        ],
      });
      return answer;
    },
    status: 200,
    body: {
      errors: [
        {
          message:
            'Access denied for products field. Required access: `read_products` access scope.',
          locations: [{ line: 1, column: 3 }],
          path: ['products'],
          extensions: {
            code: 'ACCESS_DENIED',
            documentation: 'https://shopify.dev/api/usage/access-scopes',
            requiredAccess: '`read_products` access scope.',
          },
        },
      ],
    },
  },
  {
    answer: 'A write scope includes its read scope',
    source: ACCESS_SCOPES,
    observe: (h) => h.admin('{ products(first: 1) { nodes { id } } }'),
    status: 200,
    body: { data: { products: { nodes: [{ id: expect.any(String) }] } } },
  },
  {
    answer: 'A query over 1,000 points is MAX_COST_EXCEEDED with cost, maxCost and documentation',
    source: RATE_LIMITS,
    observe: (h) =>
      h.admin('{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }'),
    status: 200,
    body: {
      errors: [
        {
          message: expect.stringMatching(
            /^Query cost is 63252, which exceeds the single query max cost limit \(1000\)/,
          ),
          extensions: {
            code: 'MAX_COST_EXCEEDED',
            cost: 63252,
            maxCost: 1000,
            documentation: 'https://shopify.dev/api/usage/rate-limits',
          },
        },
      ],
      extensions: { cost: { requestedQueryCost: 63252, actualQueryCost: null, throttleStatus } },
    },
  },
  {
    answer: 'A query the bucket cannot pay is THROTTLED',
    source: `${LIBS}/apps/shopify-app-remix/src/server/authenticate/webhooks/__tests__/mock-responses.ts`,
    observe: async (h) => {
      const token = (await h.exchange({}, OTHER_SHOP)).body as { access_token: string };
      // 100 mutation fields cost 1,000 asked and spent (a cancel of no charge changes nothing).
      const dear = `mutation { ${Array.from(
        { length: 100 },
        (_, i) =>
          `c${i}: appSubscriptionCancel(id: "gid://shopify/AppSubscription/1") { userErrors { message } }`,
      ).join(' ')} }`;
      let last: Observed | null = null;
      for (let i = 0; i < 3; i++) {
        last = await h.admin(dear, { shop: OTHER_SHOP, token: token.access_token });
      }
      return last as Observed;
    },
    status: 200,
    body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] },
  },
  {
    answer: 'A connection costs 2 plus its page size times each node',
    source: RATE_LIMITS,
    observe: (h) => h.admin(PRODUCTS_5),
    body: { extensions: { cost: { requestedQueryCost: 7 } } },
  },
  {
    answer: 'The actual cost counts what was returned and the difference is refunded',
    source: RATE_LIMITS,
    observe: (h) =>
      h.admin('{ products(first: 2) { nodes { variants(first: 100) { nodes { id } } } } }'),
    body: {
      extensions: {
        cost: {
          requestedQueryCost: 2 + 2 * (1 + 2 + 100),
          actualQueryCost: expect.any(Number),
          throttleStatus,
        },
      },
    },
  },
  {
    answer: 'A mutation field costs 10',
    source: RATE_LIMITS,
    observe: (h) =>
      h.admin(
        'mutation { storefrontAccessTokenCreate(input: { title: "cost" }) { userErrors { message } } }',
      ),
    body: { extensions: { cost: { requestedQueryCost: 10, actualQueryCost: 10 } } },
  },
  {
    answer: 'The leaky bucket holds 2,000 points and restores 100 a second',
    source: RATE_LIMITS,
    observe: (h) => h.admin('{ shop { name } }'),
    body: {
      extensions: { cost: { throttleStatus: { maximumAvailable: 2000, restoreRate: 100 } } },
    },
  },
  {
    answer: 'nodes(ids:) costs one object per id asked',
    source: RATE_LIMITS,
    observe: (h) =>
      h.admin('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
        variables: {
          ids: [
            'gid://shopify/Product/1001',
            'gid://shopify/Product/1002',
            'gid://shopify/Product/1003',
          ],
        },
      }),
    body: { extensions: { cost: { requestedQueryCost: 3 } } },
  },
  {
    answer: 'An input list over 250 is refused before it runs',
    source: `${DOCS}/api/admin-graphql/latest/queries/nodes`,
    observe: (h) =>
      h.admin('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
        variables: { ids: Array.from({ length: 251 }, (_, i) => `gid://shopify/Product/${i}`) },
      }),
    body: { errors: [{ extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } }] },
  },
  {
    answer: 'A variable its type refuses is "was provided invalid value" with its problems',
    source: `${DOCS}/api/usage/graphql`,
    observe: (h) =>
      h.admin('query ($first: Int!) { products(first: $first) { nodes { id } } }', {
        variables: { first: 'ten' },
      }),
    status: 200,
    body: {
      errors: [
        {
          message: 'Variable $first of type Int! was provided invalid value',
          extensions: { value: 'ten', problems: [{ path: [], explanation: expect.any(String) }] },
        },
      ],
    },
  },
  {
    answer: 'Pages carry pageInfo with hasNextPage and endCursor',
    source: `${DOCS}/api/usage/pagination-graphql`,
    observe: (h) => h.admin('{ products(first: 2) { pageInfo { hasNextPage endCursor } } }'),
    body: {
      data: { products: { pageInfo: { hasNextPage: true, endCursor: expect.any(String) } } },
    },
  },
  {
    answer: 'Ids are global ids: gid://shopify/<Type>/<number>',
    source: `${DOCS}/api/usage/gids`,
    observe: (h) => h.admin('{ shop { id } products(first: 1) { nodes { id } } }'),
    body: {
      data: {
        shop: { id: expect.stringMatching(/^gid:\/\/shopify\/Shop\/\d+$/) },
        products: { nodes: [{ id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/) }] },
      },
    },
  },
  {
    answer: 'Ids are unique across shops: two shops never share one',
    source: `${DOCS}/api/usage/gids`,
    observe: async (h) => {
      const query = '{ shop { id } currentAppInstallation { id } }';
      const demo = (await h.admin(query)).body;
      const other = (await h.admin(query, { shop: OTHER_SHOP })).body;
      return { headers: {}, body: { differ: JSON.stringify(demo) !== JSON.stringify(other) } };
    },
    body: { differ: true },
  },
  {
    answer: '$app metafield namespaces resolve to app--<app id>',
    source: `${DOCS}/apps/build/custom-data/ownership#reserved-prefixes`,
    observe: (h) =>
      h.admin(
        'mutation ($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { metafields { namespace key } userErrors { message } } }',
        {
          variables: {
            m: [
              {
                ownerId: 'gid://shopify/Product/1001',
                namespace: '$app',
                key: 'clip_count',
                type: 'number_integer',
                value: '1',
              },
            ],
          },
        },
      ),
    body: {
      data: {
        metafieldsSet: {
          metafields: [{ namespace: expect.stringMatching(/^app--\d+$/), key: 'clip_count' }],
          userErrors: [],
        },
      },
    },
  },
  {
    answer: 'metafieldsSet takes at most 25 metafields',
    source: `${DOCS}/api/admin-graphql/latest/mutations/metafieldsSet`,
    observe: (h) =>
      h.admin(
        'mutation ($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { userErrors { message } } }',
        {
          variables: {
            m: Array.from({ length: 26 }, (_, i) => ({
              ownerId: `gid://shopify/Product/${1001 + i}`,
              namespace: '$app',
              key: 'clip_count',
              type: 'number_integer',
              value: '1',
            })),
          },
        },
      ),
    body: {
      errors: [
        expect.objectContaining({
          message: 'The input array size of 26 is greater than the maximum allowed of 25.',
        }),
      ],
    },
  },
  // Token exchange and refresh
  {
    answer: 'Token exchange answers an offline access token and its scopes',
    source: TOKEN_EXCHANGE,
    observe: (h) => h.exchange(),
    status: 200,
    body: {
      access_token: expect.stringMatching(/^shpat_/),
      scope: expect.stringContaining('write_products'),
    },
  },
  {
    answer: 'An expiring offline token lasts an hour with a 90-day refresh token',
    source: OFFLINE_TOKENS,
    observe: (h) => h.exchange({ expiring: '1' }),
    status: 200,
    body: {
      access_token: expect.any(String),
      expires_in: 3600,
      refresh_token: expect.any(String),
      refresh_token_expires_in: 7776000,
    },
  },
  {
    answer: 'A session token that does not verify is 400 invalid_subject_token',
    source: `${LIBS}/apps/shopify-api/lib/auth/oauth/__tests__/token-exchange.test.ts`,
    observe: (h) => h.exchange({ subject_token: 'not-a-jwt' }),
    status: 400,
    body: { error: 'invalid_subject_token', error_description: expect.any(String) },
  },
  {
    answer: 'Wrong client credentials are 400 invalid_client',
    source: `${LIBS}/apps/shopify-api/lib/auth/oauth/__tests__/client-credentials.test.ts`,
    observe: (h) => h.exchange({ client_secret: 'wrong-secret-of-some-length' }),
    status: 400,
    body: { error: 'invalid_client', error_description: expect.any(String) },
  },
  {
    answer: 'The refresh grant answers a new access token and a new refresh token',
    source: OFFLINE_TOKENS,
    observe: async (h) => {
      const issued = (await h.exchange({ expiring: '1' })).body as { refresh_token: string };
      return h.request('POST', `/sandbox/${DEMO_SHOP}/admin/oauth/access_token`, {
        client_id: APP.apiKey,
        client_secret: APP.apiSecret,
        grant_type: 'refresh_token',
        refresh_token: issued.refresh_token,
      });
    },
    status: 200,
    body: { access_token: expect.any(String), expires_in: 3600, refresh_token: expect.any(String) },
  },
  {
    answer: 'An unknown refresh token is 400 invalid_grant',
    source: OFFLINE_TOKENS,
    observe: (h) =>
      h.request('POST', `/sandbox/${DEMO_SHOP}/admin/oauth/access_token`, {
        client_id: APP.apiKey,
        client_secret: APP.apiSecret,
        grant_type: 'refresh_token',
        refresh_token: 'shprt_unknown',
      }),
    status: 400,
    body: { error: 'invalid_grant' },
  },
  // Session tokens
  {
    answer:
      'A session token is HS256 with iss, dest, aud, sub, exp, nbf, iat, jti and sid, one minute long',
    source: SESSION_TOKENS,
    observe: async (h) => {
      const token = await h.sessionToken();
      const claims = decodeJwt(token);
      return {
        headers: {},
        body: {
          alg: decodeProtectedHeader(token).alg,
          ...claims,
          lifetime: (claims.exp ?? 0) - (claims.iat ?? 0),
        },
      };
    },
    body: {
      alg: 'HS256',
      iss: `https://${DEMO_SHOP}/admin`,
      dest: `https://${DEMO_SHOP}`,
      aud: APP.apiKey,
      sub: expect.any(String),
      jti: expect.any(String),
      sid: expect.any(String),
      lifetime: 60,
    },
  },
  // Storefront API
  ...perVersion('storefront'),
  {
    answer: 'A wrong storefront access token is 401 UNAUTHORIZED',
    source: STOREFRONT_AUTH,
    observe: (h) => h.storefront('{ shop { name } }', { token: 'wrong' }),
    status: 401,
    body: { errors: [{ extensions: { code: 'UNAUTHORIZED' } }] },
  },
  {
    answer: 'A Storefront field the schema lacks is undefinedField',
    source: `${LIBS}/api-clients/storefront-api-client/README.md`,
    observe: (h) => h.storefront('{ shop { testField } }'),
    body: {
      errors: [
        expect.objectContaining({
          extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'testField' },
        }),
      ],
    },
  },
  {
    answer: 'Tokenless Storefront access serves products without a token',
    source: STOREFRONT_AUTH,
    observe: (h) => h.storefront('{ products(first: 1) { nodes { handle } } }', { token: null }),
    status: 200,
    body: { data: { products: { nodes: [{ handle: expect.any(String) }] } } },
  },
  {
    answer: 'Tokenless Storefront access refuses a query over complexity 1,000',
    source: STOREFRONT_AUTH,
    observe: (h) =>
      h.storefront('{ products(first: 250) { nodes { variants(first: 10) { nodes { id } } } } }', {
        token: null,
      }),
    body: { errors: [{ extensions: { code: 'MAX_COMPLEXITY_EXCEEDED' } }] },
  },
  {
    answer: "A storefront access token carries the app's unauthenticated scopes",
    source: `${DOCS}/api/admin-graphql/latest/mutations/storefrontAccessTokenCreate`,
    observe: (h) =>
      h.admin(
        'mutation { storefrontAccessTokenCreate(input: { title: "scopes" }) { storefrontAccessToken { accessScopes { handle } } } }',
      ),
    body: {
      data: {
        storefrontAccessTokenCreate: {
          storefrontAccessToken: {
            accessScopes: expect.arrayContaining([
              { handle: 'unauthenticated_read_product_listings' },
            ]),
          },
        },
      },
    },
  },
  // Webhooks
  {
    answer:
      "A webhook carries Shopify's headers: topic, shop, HMAC, webhook id, event id, triggered at, API version",
    source: `${LIBS}/apps/shopify-api/lib/types.ts`,
    observe: async (h) => {
      await h.token();
      return h.webhook(() =>
        h.request('PUT', `/sandbox/api/shops/${DEMO_SHOP}/access-scopes`, {
          granted: [
            'write_products',
            'write_publications',
            'read_themes',
            'write_online_store_pages',
            'read_orders',
            'unauthenticated_read_product_listings',
            'unauthenticated_read_content',
          ],
        }),
      );
    },
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'app/scopes_update',
      'x-shopify-shop-domain': DEMO_SHOP,
      'x-shopify-hmac-sha256': expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      'x-shopify-webhook-id': expect.any(String),
      'x-shopify-event-id': expect.any(String),
      'x-shopify-triggered-at': expect.any(String),
      'x-shopify-api-version': expect.stringMatching(/^\d{4}-\d{2}$/),
    },
  },
  {
    answer: 'The webhook HMAC is base64 HMAC-SHA256 of the raw body with the app secret',
    source: `${DOCS}/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook`,
    observe: async (h) => {
      const sent = h.sent.at(-1);
      if (!sent) throw new Error('no webhook yet');
      const expected = createHmac('sha256', APP.apiSecret)
        .update(String(sent.body))
        .digest('base64');
      return { headers: {}, body: { matches: sent.headers['x-shopify-hmac-sha256'] === expected } };
    },
    body: { matches: true },
  },
  {
    answer: 'A refused webhook is retried with the same webhook id and event id',
    source: WEBHOOKS,
    observe: async (h) => {
      h.appAnswers(500);
      const first = await h.webhook(() =>
        h.request('POST', `/sandbox/api/shops/${DEMO_SHOP}/uninstall`),
      );
      h.advance(61_000);
      const retry = await h.webhook(() => h.local.retryWebhooks());
      h.appAnswers(200);
      return {
        headers: {},
        body: {
          sameWebhook:
            first.headers['x-shopify-webhook-id'] === retry.headers['x-shopify-webhook-id'],
          sameEvent: first.headers['x-shopify-event-id'] === retry.headers['x-shopify-event-id'],
        },
      };
    },
    body: { sameWebhook: true, sameEvent: true },
  },
  // The admin frame
  {
    answer: 'The embedded app opens with shop, host (base64 of the admin URL) and embedded=1',
    source: `${DOCS}/apps/build/admin/embedded`,
    observe: async () => {
      const url = new URL(
        embeddedAppUrl('https://app.example.com/', DEMO_SHOP, '/', new URLSearchParams()),
      );
      return {
        headers: {},
        body: {
          shop: url.searchParams.get('shop'),
          host: Buffer.from(url.searchParams.get('host') ?? '', 'base64url').toString(),
          embedded: url.searchParams.get('embedded'),
        },
      };
    },
    body: { shop: DEMO_SHOP, host: 'admin.shopify.com/store/demo-store', embedded: '1' },
  },
];

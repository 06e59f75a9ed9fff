import { API_VERSION, DEMO_SHOP } from '@popstage/shopify-sandbox';
import { openAdminApiTestStore, themeExtensionUuid } from '@popstage/shopify-sandbox/testing';
import { sessionToken as signSessionToken } from '@popstage/testkit/shop';
import Fastify, { type FastifyRequest } from 'fastify';
import { getOperationAST, parse } from 'graphql';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTokenCipher } from '../../auth/token-cipher';
import type { Database } from '../../db/client';
import { readAppScopes } from '../../platform/shopify/app-scopes';
import {
  createShopifyPlatform,
  type ShopifyPlatformOptions,
} from '../../platform/shopify/shopify-platform';
import { createTestDatabase } from '../database';

export const SHOP = DEMO_SHOP;

/** The tokens' key in these tests; stored rows are read back through it. */
export const TEST_TOKEN_CIPHER = createTokenCipher('ab'.repeat(32));

/**
 * The app's handle on this local Shopify: not shopify.app.toml's `popstage` (a deployer may pick
 * any), so the adapter must read it from the Admin API to find its app embed.
 */
export const APP_HANDLE = 'reels-by-acme';
/** The theme app extension's uuid, as the local Shopify's theme writes it in block types. */
export const EXTENSION_UUID = themeExtensionUuid(APP_HANDLE);
/** The app as installed on the local Shopify; the scopes are shopify.app.toml's. */
export const APP = {
  apiKey: 'popstage-test-api-key',
  apiSecret: 'popstage-test-api-secret-of-32-chars',
  scopes: readAppScopes().join(','),
};
export const STORE_BASE_URL = 'http://localhost:3000';

/** One request the local Shopify received, as it received it, and what it answered. */
export interface ReceivedRequest {
  shop: string;
  /** Below the shop: /admin/oauth/access_token or /admin/api/<version>/graphql.json. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** GraphQL only: the operation's name and the document and variables as sent. */
  operation: string | null;
  query: string;
  variables: Record<string, unknown>;
  status: number | null;
  answer: unknown;
}

const TOKEN_EXCHANGE_PATH = '/admin/oauth/access_token';

/**
 * The app's Shopify platform, created as production creates it (real fetch, real HTTP), against
 * the local Shopify (apps/shopify-sandbox): its Admin API plugin on 127.0.0.1 over a freshly
 * seeded store. The local Shopify's clock only moves when the adapter sleeps (or a test moves
 * it), so its leaky bucket is deterministic: a throttle wait refills exactly what it waited for.
 */
export async function startShopifyHarness(options: { billingTest?: boolean } = {}) {
  let clock = Date.now();
  const local = await openAdminApiTestStore({
    app: { ...APP, handle: APP_HANDLE },
    baseUrl: STORE_BASE_URL,
    now: () => clock,
  });
  const { store, tokens } = local;

  const requests: ReceivedRequest[] = [];
  const sleeps: number[] = [];
  const hooks: {
    /** Runs before the local Shopify answers a token exchange (to make it slow). */
    beforeTokenExchange?: () => Promise<void>;
    /** Runs after each throttle wait of the adapter (another process spending the bucket). */
    afterSleep?: () => Promise<void>;
  } = {};

  const server = Fastify();
  const received = new WeakMap<FastifyRequest, ReceivedRequest>();
  server.addHook('preHandler', async (request) => {
    const match = /^\/([^/]+)(\/admin\/[^?]*)/.exec(request.url);
    if (!match) return;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = typeof body.query === 'string' ? body.query : '';
    const entry: ReceivedRequest = {
      shop: match[1] ?? '',
      path: match[2] ?? '',
      headers: request.headers,
      body,
      operation: query ? operationOf(query) : null,
      query,
      variables: (body.variables ?? {}) as Record<string, unknown>,
      status: null,
      answer: null,
    };
    requests.push(entry);
    received.set(request, entry);
    if (entry.path === TOKEN_EXCHANGE_PATH) await hooks.beforeTokenExchange?.();
  });
  server.addHook('onSend', async (request, reply, payload) => {
    const entry = received.get(request);
    if (entry) {
      entry.status = reply.statusCode;
      entry.answer = typeof payload === 'string' ? safeJson(payload) : null;
    }
    return payload;
  });
  await server.register(local.plugin);
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const adminOrigin = (shop: string) => `http://127.0.0.1:${port}/${shop}`;

  const database: Database = await createTestDatabase();
  const createPlatform = (overrides: Partial<ShopifyPlatformOptions> = {}) =>
    createShopifyPlatform(database.db, {
      apiKey: APP.apiKey,
      apiSecret: APP.apiSecret,
      apiVersion: API_VERSION,
      billingTest: options.billingTest ?? false,
      appUrl: 'https://popstage.example',
      adminOrigin,
      tokenCipher: TEST_TOKEN_CIPHER,
      // The local Shopify's clock: token expiry is judged on one time line.
      clock: { now: () => new Date(clock) },
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        await hooks.afterSleep?.();
      },
      ...overrides,
    });
  const platform = createPlatform();

  // Signed on the local Shopify's clock, as its admin would hand them out.
  const sessionToken = (shop = SHOP) => signSessionToken(APP, shop, clock);

  /** A GraphQL call of another process of the app (its own token, the same bucket). */
  const graphql = async (shop: string, token: string, query: string) => {
    const response = await fetch(`${adminOrigin(shop)}/admin/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as {
      errors?: { extensions?: { code?: string } }[];
      extensions: { cost: { throttleStatus: { currentlyAvailable: number } } };
    };
  };

  return {
    store,
    database,
    platform,
    createPlatform,
    /** Every request the local Shopify received, in order (tests clear it at will). */
    requests,
    /** GraphQL requests only. */
    graphqlRequests: () => requests.filter((r) => r.path !== TOKEN_EXCHANGE_PATH),
    /** Token exchanges the local Shopify granted, for one shop or all. */
    exchanges: (shop?: string) =>
      requests.filter(
        (r) => r.path === TOKEN_EXCHANGE_PATH && r.status === 200 && (!shop || r.shop === shop),
      ),
    /** The adapter's throttle waits, in order (they move the local Shopify's clock). */
    sleeps,
    hooks,
    sessionToken,
    /** Exchanges a token for the shop, as the first authenticated request would. */
    authorize: async (shop = SHOP) => platform.authorize?.(shop, await sessionToken(shop)),
    /** Shopify's side of an uninstall or a revocation: every token of the shop stops working. */
    revokeTokens: (shop = SHOP) => tokens.revokeAll(shop),
    /** The shop's access tokens lapse now; their refresh tokens stay good (Shopify's expiry). */
    expireAccessTokens: (shop = SHOP) => local.expireAccessTokens(shop, new Date(clock - 1000)),
    /** Whether the local Shopify accepts the token. */
    isLiveToken: (shop: string, token: string) => tokens.verify(shop, token),
    /** Moves the local Shopify's clock; 20 s refill any bucket (2,000 points at 100/s). */
    advanceClock: (ms: number) => {
      clock += ms;
    },
    /**
     * Spends the shop's bucket down to `leave` points with real queries (cost 1 for `shop`,
     * 2 + n for n products), as another process of the app would; its requests are not logged.
     */
    async drainBucket(shop = SHOP, leave = 0) {
      const logged = requests.length;
      const { access_token: token } = await tokens.issue(shop, APP.scopes, false);
      let available = (await graphql(shop, token, '{ shop { id } }')).extensions.cost.throttleStatus
        .currentlyAvailable;
      while (available > leave) {
        const spend = Math.min(available - leave, 252);
        const query =
          spend >= 3 ? `{ products(first: ${spend - 2}) { nodes { id } } }` : '{ shop { id } }';
        const answer = await graphql(shop, token, query);
        if (answer.errors?.[0]?.extensions?.code === 'THROTTLED') break;
        available = answer.extensions.cost.throttleStatus.currentlyAvailable;
      }
      requests.splice(logged);
      return available;
    },
    /** Between tests: an empty log, no waits, hooks off, a full bucket. */
    reset() {
      requests.length = 0;
      sleeps.length = 0;
      delete hooks.beforeTokenExchange;
      delete hooks.afterSleep;
      clock += 20_000;
    },
    close: async () => {
      await server.close();
      await database.close();
      await local.close();
    },
  };
}

export type ShopifyHarness = Awaited<ReturnType<typeof startShopifyHarness>>;

/**
 * One harness for the test file: started before its tests (handed to `started`, with any setup
 * of the file's own) and closed after; each test starts authorized with the logs cleared.
 */
export function harnessPerFile(started: (h: ShopifyHarness) => void | Promise<void>): void {
  let h: ShopifyHarness | undefined;
  beforeAll(async () => {
    h = await startShopifyHarness();
    await started(h);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h?.authorize();
    h?.reset();
  });
}

/** What the local Shopify answered to a logged request (the request must be there). */
export function answerOf<T>(request: ReceivedRequest | undefined): T {
  if (!request) throw new Error('No such request was received');
  return request.answer as T;
}

function operationOf(query: string): string | null {
  try {
    return getOperationAST(parse(query))?.name?.value ?? null;
  } catch {
    return null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

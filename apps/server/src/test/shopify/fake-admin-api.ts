import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationName } from '../../platform/shopify/graphql-client';
import {
  OFFLINE_ACCESS_TOKEN_TYPE,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from '../../platform/shopify/token-exchange';

/**
 * A local stand-in for a shop's Admin API, for tests: the token-exchange endpoint and the GraphQL
 * operations the adapter sends, answered with Shopify's documented response shapes. It routes on
 * the operation name (it is not a GraphQL engine) and keeps a little state per shop. Shops live
 * under path prefixes: point the adapter's adminOrigin at `fake.originFor(shop)`.
 */

export interface FakeProduct {
  id: string;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  price: string;
  collectionIds: string[];
}

export interface FakeSubscription {
  id: string;
  name: string;
  status: 'PENDING' | 'ACTIVE' | 'CANCELLED' | 'DECLINED';
  test: boolean;
  createdAt: string;
  currentPeriodEnd: string | null;
  /** The lineItems input as sent, answered back in AppSubscription's shape. */
  lineItems: { plan: { appRecurringPricingDetails: RecurringInput } }[];
}

interface RecurringInput {
  price: { amount: string; currencyCode: string };
  interval: string;
  discount?: {
    value: { percentage?: number; amount?: string };
    durationLimitInIntervals?: number;
  };
}

export interface FakeShop {
  name: string;
  currencyCode: string;
  products: FakeProduct[];
  publishedIds: Set<string>;
  publicationId: string | null;
  collections: { id: string; title: string; handle: string }[];
  menus: { id: string; handle: string; title: string; items: unknown[] }[];
  pages: { id: string; title: string; handle: string; body: string }[];
  /** config/settings_data.json of the MAIN theme; null when the shop has no published theme. */
  settingsData: string | null;
  subscriptions: FakeSubscription[];
  /** currentAppInstallation's id: the owner of app-data metafields. */
  appInstallationId: string;
  /** App-data metafields by `namespace.key`. */
  appMetafields: Map<string, { type: string; value: string }>;
  /** Product metafields by product GID, then `namespace.key` (the namespace as sent). */
  productMetafields: Map<string, Map<string, { type: string; value: string }>>;
}

export interface RecordedRequest {
  shop: string;
  path: string;
  operation: string;
  query: string;
  variables: Record<string, unknown>;
  accessToken: string | undefined;
}

export const FAKE_API_KEY = 'fake-api-key';
export const FAKE_API_SECRET = 'fake-api-secret-long-enough';

export interface FakeAdminApi {
  url: string;
  originFor(shop: string): string;
  shop(domain: string): FakeShop;
  /** Every GraphQL call, in order. */
  requests: RecordedRequest[];
  /** Token exchanges answered, in order. */
  exchanges: { shop: string; body: Record<string, unknown> }[];
  /** The next `count` GraphQL calls answer THROTTLED with this bucket state. */
  throttleNext(count: number, status?: { currentlyAvailable: number; restoreRate: number }): void;
  /** Invalidates every token issued for the shop (as an uninstall would): calls then get 401. */
  revokeTokens(shop: string): void;
  /** Delay token exchange answers, to let concurrent requests overlap. */
  exchangeDelayMs: number;
  /** The merchant approves a pending subscription at its confirmationUrl. */
  approve(id: string): void;
  close(): Promise<void>;
}

export async function startFakeAdminApi(): Promise<FakeAdminApi> {
  const shops = new Map<string, FakeShop>();
  const validTokens = new Map<string, string>(); // token → shop
  const requests: RecordedRequest[] = [];
  const exchanges: FakeAdminApi['exchanges'] = [];
  const throttle = { remaining: 0, currentlyAvailable: 0, restoreRate: 50 };
  let sequence = 0;

  const shopState = (domain: string): FakeShop => {
    let state = shops.get(domain);
    if (!state) {
      state = {
        name: 'Fake Store',
        currencyCode: 'USD',
        products: [],
        publishedIds: new Set(),
        publicationId: 'gid://shopify/Publication/777',
        collections: [],
        menus: [],
        pages: [],
        settingsData: null,
        subscriptions: [],
        appInstallationId: `gid://shopify/AppInstallation/${++sequence}`,
        appMetafields: new Map(),
        productMetafields: new Map(),
      };
      shops.set(domain, state);
    }
    return state;
  };

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const match = /^\/([^/]+)(\/admin\/.*)$/.exec(req.url ?? '');
      if (!match || req.method !== 'POST') return send(404, { errors: 'Not Found' });
      const [, shop = '', path = ''] = match;
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;

      if (path === '/admin/oauth/access_token') {
        if (api.exchangeDelayMs > 0) await new Promise((r) => setTimeout(r, api.exchangeDelayMs));
        const valid =
          body.client_id === FAKE_API_KEY &&
          body.client_secret === FAKE_API_SECRET &&
          body.grant_type === TOKEN_EXCHANGE_GRANT_TYPE &&
          body.requested_token_type === OFFLINE_ACCESS_TOKEN_TYPE &&
          typeof body.subject_token === 'string' &&
          body.subject_token.split('.').length === 3;
        // Shopify answers 400 to an invalid or expired session token.
        if (!valid) return send(400, { error: 'invalid_subject_token' });
        exchanges.push({ shop, body });
        const token = `shpat_fake_${++sequence}`;
        validTokens.set(token, shop);
        return send(200, { access_token: token, scope: 'read_products,write_publications' });
      }

      const graphql = /^\/admin\/api\/(\d{4}-\d{2})\/graphql\.json$/.exec(path);
      if (!graphql) return send(404, { errors: 'Not Found' });
      const accessToken = headerValue(req, 'x-shopify-access-token');
      const query = String(body.query ?? '');
      const variables = (body.variables ?? {}) as Record<string, unknown>;
      const operation = operationName(query);
      requests.push({ shop, path, operation, query, variables, accessToken });
      if (!accessToken || validTokens.get(accessToken) !== shop) {
        return send(401, { errors: '[API] Invalid API key or access token (unrecognized login)' });
      }
      if (throttle.remaining > 0) {
        throttle.remaining -= 1;
        return send(200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
          extensions: {
            cost: {
              requestedQueryCost: 100,
              actualQueryCost: null,
              throttleStatus: {
                maximumAvailable: 2000,
                currentlyAvailable: throttle.currentlyAvailable,
                restoreRate: throttle.restoreRate,
              },
            },
          },
        });
      }
      const data = answer(shopState(shop), shop, operation, variables);
      return send(200, {
        data,
        extensions: {
          cost: {
            requestedQueryCost: 10,
            actualQueryCost: 5,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1995, restoreRate: 100 },
          },
        },
      });
    } catch (error) {
      send(500, { errors: String(error) });
    }
  });

  const answer = (
    state: FakeShop,
    shop: string,
    operation: string,
    variables: Record<string, unknown>,
  ): unknown => {
    const primaryDomain = { url: `https://${shop.replace('.myshopify.com', '')}.example` };
    switch (operation) {
      case 'PopstageShop':
        return {
          shop: {
            name: state.name,
            email: `owner@${shop}`,
            contactEmail: `hello@${shop}`,
            myshopifyDomain: shop,
            primaryDomain,
            currencyCode: state.currencyCode,
            createdAt: '2024-01-02T03:04:05Z',
            shopOwnerName: 'Olive Owner',
          },
        };
      case 'PopstageProducts':
      case 'PopstagePublishCandidates': {
        const filtered = filterProducts(state, variables.query as string | null);
        const page = paginate(
          filtered,
          variables.first as number,
          variables.after as string | null,
        );
        return {
          products: {
            nodes: page.nodes.map((product) => productNode(state, product)),
            pageInfo: page.pageInfo,
          },
        };
      }
      case 'PopstageProductsById':
        return {
          nodes: (variables.ids as string[]).map((id) => {
            const product = state.products.find((p) => p.id === id);
            return product ? productNode(state, product) : null;
          }),
        };
      case 'PopstageCollections': {
        const page = paginate(
          state.collections,
          variables.first as number,
          variables.after as string | null,
        );
        return {
          collections: {
            nodes: page.nodes.map((collection) => ({
              ...collection,
              productsCount: {
                count: state.products.filter((p) => p.collectionIds.includes(collection.id)).length,
              },
            })),
            pageInfo: page.pageInfo,
          },
        };
      }
      case 'PopstageAppPublication':
        return {
          currentAppInstallation: {
            publication: state.publicationId ? { id: state.publicationId } : null,
          },
        };
      case 'PopstagePublishedProductsCount':
        return { publishedProductsCount: { count: state.publishedIds.size, precision: 'EXACT' } };
      case 'PopstagePublishProducts': {
        const result: Record<string, unknown> = {};
        for (const [key, id] of Object.entries(variables)) {
          const index = /^id(\d+)$/.exec(key)?.[1];
          if (index === undefined) continue;
          const exists = state.products.some((p) => p.id === id);
          if (exists && variables.publicationId === state.publicationId) {
            state.publishedIds.add(id as string);
          }
          result[`p${index}`] = {
            userErrors: exists ? [] : [{ field: ['id'], message: 'Resource does not exist' }],
          };
        }
        return result;
      }
      case 'PopstageMenus':
        return { menus: { nodes: state.menus, pageInfo: { hasNextPage: false, endCursor: null } } };
      case 'PopstageMainThemeSettings':
        return {
          themes: {
            nodes:
              state.settingsData === null
                ? []
                : [
                    {
                      id: 'gid://shopify/OnlineStoreTheme/1',
                      files: {
                        nodes: [
                          {
                            filename: 'config/settings_data.json',
                            body: { content: state.settingsData },
                          },
                        ],
                      },
                    },
                  ],
          },
        };
      case 'PopstagePageByHandle': {
        const handle = /^handle:"?([^"]*)"?$/.exec(String(variables.query))?.[1];
        return {
          shop: { primaryDomain },
          pages: { nodes: state.pages.filter((p) => p.handle === handle) },
        };
      }
      case 'PopstagePrimaryDomain':
        return { shop: { primaryDomain } };
      case 'PopstagePageCreate': {
        const input = variables.page as { title: string; handle: string; body: string };
        if (state.pages.some((p) => p.handle === input.handle)) {
          return {
            pageCreate: {
              page: null,
              userErrors: [
                {
                  code: 'TAKEN',
                  field: ['page', 'handle'],
                  message: 'Handle has already been taken',
                },
              ],
            },
          };
        }
        const page = { id: `gid://shopify/Page/${++sequence}`, ...input };
        state.pages.push(page);
        return { pageCreate: { page, userErrors: [] } };
      }
      case 'PopstageAppInstallationId':
        return { currentAppInstallation: { id: state.appInstallationId } };
      case 'PopstageMetafieldsSet':
        return { metafieldsSet: setMetafields(state, variables.metafields as MetafieldInput[]) };
      case 'PopstageAppSubscriptionCreate': {
        const lineItems = variables.lineItems as FakeSubscription['lineItems'];
        const amount = Number(lineItems[0]?.plan.appRecurringPricingDetails.price.amount);
        if (!(amount > 0)) {
          return {
            appSubscriptionCreate: {
              appSubscription: null,
              confirmationUrl: null,
              userErrors: [
                { field: ['lineItems', '0', 'plan'], message: 'Price must be greater than 0' },
              ],
            },
          };
        }
        const id = `gid://shopify/AppSubscription/${++sequence}`;
        const subscription: FakeSubscription = {
          id,
          name: variables.name as string,
          status: 'PENDING',
          test: variables.test === true,
          createdAt: '2025-05-01T10:00:00Z',
          currentPeriodEnd: null,
          lineItems,
        };
        state.subscriptions.push(subscription);
        return {
          appSubscriptionCreate: {
            appSubscription: subscriptionNode(subscription),
            confirmationUrl: `https://${shop}/admin/charges/popstage/${id.split('/').at(-1)}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=fake`,
            userErrors: [],
          },
        };
      }
      case 'PopstageActiveSubscriptions':
        return {
          currentAppInstallation: {
            activeSubscriptions: state.subscriptions
              .filter((s) => s.status === 'ACTIVE')
              .map(subscriptionNode),
          },
        };
      case 'PopstageAppSubscriptionCancel': {
        const subscription = state.subscriptions.find((s) => s.id === variables.id);
        if (subscription?.status !== 'ACTIVE') {
          return {
            appSubscriptionCancel: {
              appSubscription: null,
              userErrors: [{ field: ['id'], message: 'Subscription is not active' }],
            },
          };
        }
        subscription.status = 'CANCELLED';
        return {
          appSubscriptionCancel: {
            appSubscription: { id: subscription.id, status: 'CANCELLED' },
            userErrors: [],
          },
        };
      }
      default:
        throw new Error(`fake Admin API: no answer for operation ${operation}`);
    }
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: FakeAdminApi = {
    url,
    originFor: (shop) => `${url}/${shop}`,
    shop: shopState,
    requests,
    exchanges,
    exchangeDelayMs: 0,
    throttleNext(count, status = { currentlyAvailable: 0, restoreRate: 50 }) {
      throttle.remaining = count;
      throttle.currentlyAvailable = status.currentlyAvailable;
      throttle.restoreRate = status.restoreRate;
    },
    revokeTokens(shop) {
      for (const [token, owner] of validTokens) if (owner === shop) validTokens.delete(token);
    },
    approve(id) {
      for (const state of shops.values()) {
        const subscription = state.subscriptions.find((s) => s.id === id);
        if (subscription?.status === 'PENDING') {
          subscription.status = 'ACTIVE';
          subscription.currentPeriodEnd = '2025-05-31T10:00:00Z';
          return;
        }
      }
      throw new Error(`fake Admin API: no pending subscription ${id}`);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return api;
}

/** A catalogue of `count` products: every third a draft, ids from 1001. */
export function fakeProducts(count: number, collectionId?: string): FakeProduct[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `gid://shopify/Product/${1001 + i}`,
    title: `Product ${i + 1}`,
    handle: `product-${i + 1}`,
    status: i % 3 === 2 ? 'DRAFT' : 'ACTIVE',
    price: `${10 + i}.5`,
    collectionIds: collectionId ? [collectionId] : [],
  }));
}

function productNode(state: FakeShop, product: FakeProduct) {
  const money = { amount: product.price, currencyCode: state.currencyCode };
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    description: `About ${product.title}`,
    vendor: 'Fake Vendor',
    productType: 'Thing',
    tags: ['fake'],
    status: product.status,
    createdAt: '2024-02-03T04:05:06Z',
    totalInventory: 7,
    publishedOnCurrentPublication: state.publishedIds.has(product.id),
    priceRangeV2: { minVariantPrice: money, maxVariantPrice: money },
    variants: {
      nodes: [
        {
          id: product.id.replace('Product', 'ProductVariant'),
          title: 'Default Title',
          sku: null,
          price: product.price,
          compareAtPrice: null,
          inventoryQuantity: 7,
          availableForSale: true,
        },
      ],
    },
    media: {
      nodes: [
        { image: { url: `https://cdn.example/${product.handle}.jpg`, altText: null } },
        {}, // a video: the MediaImage fragment does not apply
      ],
    },
  };
}

/** The subset of Shopify's search syntax the adapter sends: status, collection_id, quoted words. */
function filterProducts(state: FakeShop, query: string | null): FakeProduct[] {
  const terms = query?.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
  return state.products.filter((product) =>
    terms.every((term) => {
      const [key, value] = term.startsWith('"') ? [null, term] : term.split(':');
      if (key === 'status') return product.status.toLowerCase() === value;
      if (key === 'collection_id') {
        return product.collectionIds.some((id) => id.endsWith(`/${value}`));
      }
      const word = JSON.parse(term.startsWith('"') ? term : `"${term}"`) as string;
      return product.title.toLowerCase().includes(word.toLowerCase());
    }),
  );
}

/** Opaque cursors (base64 of the index), as Shopify's are to clients. */
function paginate<T>(items: T[], first: number, after: string | null) {
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0;
  const nodes = items.slice(start, start + first);
  const last = start + nodes.length - 1;
  return {
    nodes,
    pageInfo: {
      hasNextPage: start + first < items.length,
      endCursor: nodes.length > 0 ? Buffer.from(String(last)).toString('base64url') : null,
    },
  };
}

interface MetafieldInput {
  ownerId: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
}

/** Shopify's limit on one metafieldsSet call. */
const METAFIELDS_SET_MAX = 25;

/**
 * metafieldsSet on app-data and product metafields: at most 25, all or nothing, owners that
 * exist, `url` and `number_integer` values checked like Shopify.
 */
function setMetafields(state: FakeShop, inputs: MetafieldInput[]) {
  if (inputs.length > METAFIELDS_SET_MAX) {
    throw new Error(`metafieldsSet takes at most ${METAFIELDS_SET_MAX} metafields`);
  }
  const userErrors = inputs.flatMap((input, index) => {
    const field = ['metafields', String(index)];
    const owner =
      input.ownerId === state.appInstallationId ||
      state.products.some((product) => product.id === input.ownerId);
    if (!owner) {
      return [{ field: [...field, 'ownerId'], message: 'Owner does not exist', code: 'INVALID' }];
    }
    const valid =
      input.type === 'url'
        ? /^https?:\/\/[^\s/]+/.test(input.value)
        : input.type === 'number_integer'
          ? /^-?\d+$/.test(input.value)
          : true;
    if (!valid) {
      return [{ field: [...field, 'value'], message: 'Value is invalid', code: 'INVALID_VALUE' }];
    }
    return [];
  });
  if (userErrors.length > 0) return { metafields: [], userErrors };
  const metafields = inputs.map((input) => {
    ownedBy(state, input.ownerId).set(`${input.namespace}.${input.key}`, {
      type: input.type,
      value: input.value,
    });
    const { namespace, key, value } = input;
    return { id: `gid://shopify/Metafield/${namespace}.${key}`, namespace, key, value };
  });
  return { metafields, userErrors: [] };
}

function ownedBy(state: FakeShop, ownerId: string) {
  if (ownerId === state.appInstallationId) return state.appMetafields;
  const existing = state.productMetafields.get(ownerId);
  if (existing) return existing;
  const created = new Map<string, { type: string; value: string }>();
  state.productMetafields.set(ownerId, created);
  return created;
}

function subscriptionNode(subscription: FakeSubscription) {
  return {
    id: subscription.id,
    name: subscription.name,
    status: subscription.status,
    test: subscription.test,
    createdAt: subscription.createdAt,
    currentPeriodEnd: subscription.currentPeriodEnd,
    lineItems: subscription.lineItems.map((item, index) => {
      const details = item.plan.appRecurringPricingDetails;
      const value = details.discount?.value;
      return {
        id: `gid://shopify/AppSubscriptionLineItem/${index + 1}?v=1&index=${index}`,
        plan: {
          pricingDetails: {
            __typename: 'AppRecurringPricing',
            interval: details.interval,
            // Shopify echoes Decimal amounts in its own notation ("29.0" for 29).
            price: {
              amount: String(Number(details.price.amount)),
              currencyCode: details.price.currencyCode,
            },
            discount: value
              ? {
                  durationLimitInIntervals: details.discount?.durationLimitInIntervals ?? null,
                  remainingDurationInIntervals: details.discount?.durationLimitInIntervals ?? null,
                  priceAfterDiscount: details.price,
                  value:
                    value.percentage !== undefined
                      ? {
                          __typename: 'AppSubscriptionDiscountPercentage',
                          percentage: value.percentage,
                        }
                      : {
                          __typename: 'AppSubscriptionDiscountAmount',
                          amount: {
                            amount: value.amount,
                            currencyCode: details.price.currencyCode,
                          },
                        },
                }
              : null,
          },
        },
      };
    }),
  };
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8') || '{}';
}

import type { TokenCipher } from '../../auth/token-cipher';
import type { Db } from '../../db/client';
import { type Clock, systemClock } from '../clock';
import { PlatformError } from '../errors';
import {
  APP_URL_METAFIELD,
  type AppDataMetafield,
  type Connection,
  type PlatformPage,
  type PlatformProduct,
  type StorePlatform,
} from '../port';
import { createAccessTokens } from './access-tokens';
import { isAppEmbedEnabledIn } from './app-embed';
import { createShopifyBilling } from './billing';
import {
  ShopifyAuthError,
  ShopifyGraphqlError,
  ShopifyUnavailableError,
  ShopifyUserError,
  throwOnUserErrors,
} from './errors';
import type {
  PopstageAppDataMetafieldQuery,
  PopstageAppInstallationIdQuery,
  PopstageAppPublicationQuery,
  PopstageChannelCreateMutation,
  PopstageCollectionQuery,
  PopstageCollectionsQuery,
  PopstageMainThemeSettingsQuery,
  PopstageMetafieldsSetMutation,
  PopstagePageByHandleQuery,
  PopstagePageCreateMutation,
  PopstagePrimaryDomainQuery,
  PopstageProductFragment,
  PopstageProductsByIdQuery,
  PopstageProductsInCollectionQuery,
  PopstageProductsQuery,
  PopstagePublishCandidatesByIdQuery,
  PopstagePublishCandidatesQuery,
  PopstagePublishedProductsCountQuery,
  PopstagePublishResultFragment,
  PopstageShopQuery,
  PopstageStorefrontDomainsQuery,
  PopstageStorefrontTokenCreateMutation,
} from './generated/admin.types';
import { createGraphqlClient, type GraphqlRequest, isFound } from './graphql-client';
import { createProductMetafields } from './product-metafields';
import {
  APP_DATA_METAFIELD_QUERY,
  APP_INSTALLATION_ID_QUERY,
  METAFIELDS_SET_MUTATION,
} from './queries/app-metafields';
import { CHANNEL_CREATE_MUTATION, CHANNEL_SPECIFICATION } from './queries/channels';
import {
  COLLECTION_BY_ID_QUERY,
  COLLECTIONS_QUERY,
  toPlatformCollection,
} from './queries/collections';
import { STOREFRONT_DOMAINS_QUERY } from './queries/domains';
import { ORDERS_ACCESS_QUERY } from './queries/orders';
import {
  PAGE_CREATE_MUTATION,
  PAGES_BY_HANDLE_QUERY,
  PRIMARY_DOMAIN_QUERY,
  toPlatformPage,
} from './queries/pages';
import {
  PRODUCT_PAGE_MAX,
  PRODUCTS_BY_ID_QUERY,
  PRODUCTS_IN_COLLECTION_QUERY,
  PRODUCTS_QUERY,
  PUBLISH_CANDIDATES_BY_ID_QUERY,
  PUBLISH_CANDIDATES_QUERY,
  productSearch,
  searchWords,
  toPlatformProduct,
} from './queries/products';
import {
  APP_PUBLICATION_QUERY,
  PUBLISH_BATCH_SIZE,
  PUBLISHED_PRODUCTS_COUNT_QUERY,
  publishProductsMutation,
} from './queries/publications';
import { SHOP_QUERY, toPlatformShop } from './queries/shop';
import { STOREFRONT_TOKEN_CREATE_MUTATION } from './queries/storefront-tokens';
import { MAIN_THEME_SETTINGS_QUERY, SETTINGS_DATA_FILE } from './queries/themes';
import { exchangeSessionToken, refreshAccessToken } from './token-exchange';

export interface ShopifyPlatformOptions {
  apiKey: string;
  apiSecret: string;
  /** Admin API version, e.g. 2026-10 (config SHOPIFY_API_VERSION). */
  apiVersion: string;
  /** Subscriptions are created as test charges (config SHOPIFY_BILLING_TEST). */
  billingTest: boolean;
  appUrl: string;
  /**
   * Override (SHOPIFY_THEME_EXTENSION): the handle or uuid that names the app embed. Unset, the
   * embed is recognised by the app's own handle, read from the Admin API, or `extensionUuid`.
   */
  themeExtension?: string | undefined;
  /** The theme app extension's uuid when its shopify.extension.toml carries one (`uid`). */
  extensionUuid?: string | null;
  /** Where a shop's Admin API lives; https://{shop} unless tests point it at the local Shopify. */
  adminOrigin?: (shop: string) => string;
  fetch?: typeof fetch;
  /** Time of stored tokens and of their expiry; the system clock unless given. */
  clock?: Clock;
  /** Encrypts access and refresh tokens at rest. */
  tokenCipher: TokenCipher;
  /** The scopes the app asks for (shopify.app.toml); none checked unless given. */
  requiredScopes?: readonly string[];
  /** Throttle waits; tests pass a recorder instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 250;
/** nodes(ids:) takes at most 250 ids; products are heavy, so ask in smaller groups. */
const NODES_BATCH_SIZE = 50;
const PUBLICATION_TTL_MS = 10 * 60_000;

/** The publish mutation's answer: each alias (p0, p1...) one product's publishablePublish. */
type PublishProductsData = Record<string, PopstagePublishResultFragment | null>;

/**
 * The StorePlatform on Shopify's Admin GraphQL API. Every call reads the shop's stored offline
 * token (obtained by `authorize` through token exchange); Shopify's own ids (GIDs) and cursors are
 * passed through untouched.
 */
export function createShopifyPlatform(
  db: Db,
  options: ShopifyPlatformOptions,
): StorePlatform & { readonly kind: 'shopify' } {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const adminOrigin = options.adminOrigin ?? ((shop: string) => `https://${shop}`);
  const grantOptions = {
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    adminOrigin,
    fetch: fetchImpl,
  };
  const clock = options.clock ?? systemClock;
  /** The app's publication per shop: see appPublicationId. */
  const publications = new Map<string, { id: string; until: number }>();
  const tokens = createAccessTokens(
    db,
    {
      exchange: (shop, sessionToken, now) => {
        // An exchange is an install or reinstall: a reinstall connects a new channel.
        publications.delete(shop);
        return exchangeSessionToken(grantOptions, shop, sessionToken, now);
      },
      refresh: (shop, refreshToken, now) =>
        refreshAccessToken(grantOptions, shop, refreshToken, now),
    },
    clock,
    options.tokenCipher,
    options.requiredScopes,
  );
  const request: GraphqlRequest = createGraphqlClient({
    adminOrigin,
    apiVersion: options.apiVersion,
    fetch: fetchImpl,
    tokens,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const billing = createShopifyBilling(request, { billingTest: options.billingTest });
  const productMetafields = createProductMetafields(request);

  /**
   * Found publications, kept PUBLICATION_TTL_MS per shop and process. Asking each time cost about
   * 150 points a call, and every admin load and wizard poll asks (twice on a load): at 100 points
   * a second restored, a merchant polling the publish step drained the bucket and was throttled.
   * An uninstall deletes the channel and a reinstall connects a new one: a stale id lives at most
   * the TTL in another process; here a token exchange (an install) or a refused publish drops it.
   */
  const appPublicationId = async (shop: string): Promise<string | null> => {
    const now = clock.now().getTime();
    const kept = publications.get(shop);
    if (kept && kept.until > now) return kept.id;
    const found = await findAppPublication(shop);
    if (found === null) publications.delete(shop);
    else publications.set(shop, { id: found, until: now + PUBLICATION_TTL_MS });
    return found;
  };

  /**
   * The app's publication in the shop (its sales channel): the APP publication whose catalog lists
   * this app. Null where the app is no sales channel.
   */
  const findAppPublication = async (shop: string): Promise<string | null> => {
    let after: string | null = null;
    do {
      const data: PopstageAppPublicationQuery = await request(shop, APP_PUBLICATION_QUERY, {
        after,
      });
      const appId = data.currentAppInstallation.app.id;
      const found = data.publications.nodes.find(
        ({ catalog }) =>
          catalog && 'apps' in catalog && catalog.apps.nodes.some((app) => app.id === appId),
      );
      if (found) return found.id;
      const page = data.publications.pageInfo;
      after = page.hasNextPage ? page.endCursor : null;
    } while (after);
    return null;
  };

  const productsById = async (shop: string, ids: string[]): Promise<PlatformProduct[]> => {
    // Only product GIDs: anything else would make Shopify fail the whole nodes() call.
    const wanted = [...new Set(ids.filter((id) => /^gid:\/\/shopify\/Product\/\d+$/.test(id)))];
    const found = new Map<string, PlatformProduct>();
    for (let i = 0; i < wanted.length; i += NODES_BATCH_SIZE) {
      const data = await request<PopstageProductsByIdQuery>(shop, PRODUCTS_BY_ID_QUERY, {
        ids: wanted.slice(i, i + NODES_BATCH_SIZE),
      });
      for (const node of data.nodes) {
        if (isFound<PopstageProductFragment>(node)) found.set(node.id, toPlatformProduct(node));
      }
    }
    // In the order asked, like the sandbox; unknown ids are dropped.
    return wanted.flatMap((id) => {
      const product = found.get(id);
      return product ? [product] : [];
    });
  };

  /**
   * Connects the app's sales channel (the branded mobile app) to the shop and answers its
   * publication (on the app's first load, or a publish before it).
   */
  const connectChannel = async (shop: string): Promise<string> => {
    const shopName = (await request<PopstageShopQuery>(shop, SHOP_QUERY)).shop.name;
    const data = await request<PopstageChannelCreateMutation>(shop, CHANNEL_CREATE_MUTATION, {
      input: {
        specificationHandle: CHANNEL_SPECIFICATION,
        accountId: shop,
        accountName: `${shopName} mobile app`,
      },
    });
    const refused = data.channelCreate?.userErrors ?? [];
    // A refusal may only mean another process connected it a moment ago: its publication shows.
    const publicationId = await appPublicationId(shop);
    if (publicationId !== null) return publicationId;
    if (refused.length > 0) throw new ShopifyUserError('channelCreate', refused);
    throw new PlatformError(
      'conflict',
      'Shopify created the Popstage channel without a publication',
    );
  };

  /** Active products not yet on the app's publication, by id or (ids omitted) all of them. */
  const publishCandidates = async (shop: string, publicationId: string, ids?: string[]) => {
    const unpublished = (
      node:
        | PopstagePublishCandidatesQuery['products']['nodes'][number]
        | PopstagePublishCandidatesByIdQuery['nodes'][number],
    ) =>
      isFound(node) && node.status === 'ACTIVE' && !node.publishedOnPublication ? [node.id] : [];
    if (ids !== undefined) {
      const wanted = [...new Set(ids.filter((id) => /^gid:\/\/shopify\/Product\/\d+$/.test(id)))];
      const candidates: string[] = [];
      for (let i = 0; i < wanted.length; i += NODES_BATCH_SIZE) {
        const data = await request<PopstagePublishCandidatesByIdQuery>(
          shop,
          PUBLISH_CANDIDATES_BY_ID_QUERY,
          { ids: wanted.slice(i, i + NODES_BATCH_SIZE), publicationId },
        );
        candidates.push(...data.nodes.flatMap(unpublished));
      }
      return candidates;
    }
    const candidates: string[] = [];
    let after: string | null = null;
    do {
      const data: PopstagePublishCandidatesQuery = await request(shop, PUBLISH_CANDIDATES_QUERY, {
        first: MAX_PAGE_SIZE,
        after,
        query: 'status:active',
        publicationId,
      });
      candidates.push(...data.products.nodes.flatMap(unpublished));
      after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
    } while (after);
    return candidates;
  };

  const primaryDomain = async (shop: string) => {
    const data = await request<PopstagePrimaryDomainQuery>(shop, PRIMARY_DOMAIN_QUERY);
    return data.shop.primaryDomain.url;
  };

  /** The MAIN theme's settings_data.json and the app's own handle, in one query. */
  const readSettingsData = async (
    shop: string,
  ): Promise<{ settings: string | null; appHandle: string | null }> => {
    const data = await request<PopstageMainThemeSettingsQuery>(shop, MAIN_THEME_SETTINGS_QUERY, {
      filenames: [SETTINGS_DATA_FILE],
    });
    const appHandle = data.currentAppInstallation.app.handle;
    // `themes` is nullable in the schema (an access Shopify refused): no theme read, no embed.
    const body = data.themes?.nodes[0]?.files?.nodes[0]?.body;
    const read = async (): Promise<string | null> => {
      if (!body) return null;
      if ('content' in body) return body.content;
      if ('contentBase64' in body) {
        return Buffer.from(body.contentBase64, 'base64').toString('utf8');
      }
      if ('url' in body) {
        const response = await fetchImpl(body.url);
        if (!response.ok)
          throw new Error(`Fetching ${SETTINGS_DATA_FILE} failed: ${response.status}`);
        return response.text();
      }
      return null;
    };
    return { settings: await read(), appHandle };
  };

  /** App-data metafields: metafieldsSet with the current installation as their owner. */
  const setAppDataMetafields = async (shop: string, metafields: AppDataMetafield[]) => {
    const installation = await request<PopstageAppInstallationIdQuery>(
      shop,
      APP_INSTALLATION_ID_QUERY,
    );
    const ownerId = installation.currentAppInstallation.id;
    const data = await request<PopstageMetafieldsSetMutation>(shop, METAFIELDS_SET_MUTATION, {
      metafields: metafields.map((metafield) => ({ ownerId, ...metafield })),
    });
    throwOnUserErrors('metafieldsSet', data.metafieldsSet);
  };

  return {
    kind: 'shopify',

    authorize: (shop, sessionToken) => tokens.authorize(shop, sessionToken),

    async accessRevoked(shop) {
      let token: string;
      try {
        token = await tokens.requireStored(shop);
      } catch (error) {
        if (error instanceof ShopifyAuthError) return true;
        throw error;
      }
      const response = await fetchImpl(
        `${adminOrigin(shop)}/admin/api/${options.apiVersion}/graphql.json`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
          body: JSON.stringify({ query: '{ shop { id } }' }),
        },
      );
      if (response.ok) return false;
      if (response.status !== 401) {
        throw new ShopifyUnavailableError(`Shopify answered ${response.status} to a token check`);
      }
      // An expired token is renewed with its refresh token, which Shopify refuses once uninstalled.
      await tokens.drop(shop, token);
      return tokens.requireStored(shop).then(
        () => false,
        () => true,
      );
    },

    async getShop(shop) {
      const data = await request<PopstageShopQuery>(shop, SHOP_QUERY);
      return data.shop ? toPlatformShop(data.shop) : null;
    },

    async storefrontDomains(shop) {
      const origins = new Set<string>();
      const add = (url: string | undefined) => {
        const origin = url ? originOf(url) : null;
        if (origin) origins.add(origin);
      };
      let primaryDomainUrl = '';
      let after: string | null = null;
      do {
        const data: PopstageStorefrontDomainsQuery = await request(shop, STOREFRONT_DOMAINS_QUERY, {
          after,
        });
        primaryDomainUrl = data.shop.primaryDomain.url;
        add(primaryDomainUrl);
        // Nullable in the schema (read_markets refused): the primary domain alone, then.
        for (const presence of data.webPresences?.nodes ?? []) {
          add(presence.domain?.url);
          for (const root of presence.rootUrls) add(root.url);
        }
        const page = data.webPresences?.pageInfo;
        after = page?.hasNextPage ? page.endCursor : null;
      } while (after);
      return { primaryDomainUrl, origins: [...origins].sort() };
    },

    async listProducts(shop, listOptions = {}): Promise<Connection<PlatformProduct>> {
      let publicationId: string | undefined;
      if (listOptions.publishedOnly) {
        const id = await appPublicationId(shop);
        if (!id) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
        publicationId = id;
      }
      const data = await request<PopstageProductsQuery>(shop, PRODUCTS_QUERY, {
        first: pageSize(listOptions.first, PRODUCT_PAGE_MAX),
        after: listOptions.after ?? null,
        query: productSearch({ ...listOptions, publicationId }),
      });
      return {
        nodes: data.products.nodes.map(toPlatformProduct),
        pageInfo: data.products.pageInfo,
      };
    },

    getProducts: productsById,

    async productsInCollection(shop, collectionId, productIds) {
      const wanted = [
        ...new Set(productIds.filter((id) => /^gid:\/\/shopify\/Product\/\d+$/.test(id))),
      ];
      const inside: string[] = [];
      for (let i = 0; i < wanted.length; i += NODES_BATCH_SIZE) {
        const data = await request<PopstageProductsInCollectionQuery>(
          shop,
          PRODUCTS_IN_COLLECTION_QUERY,
          { ids: wanted.slice(i, i + NODES_BATCH_SIZE), collectionId },
        );
        for (const node of data.nodes) {
          if (isFound(node) && node.inCollection) inside.push(node.id);
        }
      }
      return inside;
    },

    async listCollections(shop, listOptions = {}) {
      const words = searchWords(listOptions.query);
      const data = await request<PopstageCollectionsQuery>(shop, COLLECTIONS_QUERY, {
        first: pageSize(listOptions.first),
        after: listOptions.after ?? null,
        query: words.length > 0 ? words.join(' ') : null,
      });
      return {
        nodes: data.collections.nodes.map(toPlatformCollection),
        pageInfo: data.collections.pageInfo,
      };
    },

    async getCollection(shop, id) {
      // Only collection GIDs: anything else would fail the query rather than answer null.
      if (!/^gid:\/\/shopify\/Collection\/\d+$/.test(id)) return null;
      const data = await request<PopstageCollectionQuery>(shop, COLLECTION_BY_ID_QUERY, { id });
      return data.collection ? toPlatformCollection(data.collection) : null;
    },

    async countPublishedProducts(shop) {
      const publicationId = await appPublicationId(shop);
      // Not a sales channel on this shop (yet): nothing can be published to it.
      if (publicationId === null) return 0;
      const data = await request<PopstagePublishedProductsCountQuery>(
        shop,
        PUBLISHED_PRODUCTS_COUNT_QUERY,
        { publicationId },
      );
      return data.publishedProductsCount?.count ?? 0;
    },

    async canReadOrders(shop) {
      try {
        await request(shop, ORDERS_ACCESS_QUERY, {});
        return true;
      } catch (error) {
        const denied =
          error instanceof ShopifyGraphqlError &&
          error.errors.some((entry) => entry.extensions?.code === 'ACCESS_DENIED');
        if (denied) return false;
        throw error;
      }
    },

    async ensureSalesChannel(shop) {
      if ((await appPublicationId(shop)) === null) await connectChannel(shop);
    },

    async publishProducts(shop, ids) {
      const publicationId = (await appPublicationId(shop)) ?? (await connectChannel(shop));
      const candidates = await publishCandidates(shop, publicationId, ids);
      let published = 0;
      for (let i = 0; i < candidates.length; i += PUBLISH_BATCH_SIZE) {
        const batch = candidates.slice(i, i + PUBLISH_BATCH_SIZE);
        const variables: Record<string, unknown> = { publicationId };
        batch.forEach((id, index) => {
          variables[`id${index}`] = id;
        });
        const data = await request<PublishProductsData>(
          shop,
          publishProductsMutation(batch.length),
          variables,
        );
        const userErrors = batch.flatMap((_, index) => data[`p${index}`]?.userErrors ?? []);
        // A refusal may mean the kept publication is gone (uninstalled meanwhile, another
        // process's reinstall): the retry looks it up again.
        if (userErrors.length > 0) publications.delete(shop);
        throwOnUserErrors('publishablePublish', { userErrors });
        published += batch.length;
      }
      return published;
    },

    async createStorefrontAccessToken(shop, title) {
      const data = await request<PopstageStorefrontTokenCreateMutation>(
        shop,
        STOREFRONT_TOKEN_CREATE_MUTATION,
        { input: { title } },
      );
      const payload = throwOnUserErrors(
        'storefrontAccessTokenCreate',
        data.storefrontAccessTokenCreate,
      );
      if (!payload.storefrontAccessToken) throw new Error('storefrontAccessTokenCreate: no token');
      return payload.storefrontAccessToken.accessToken;
    },

    async isAppEmbedEnabled(shop) {
      const { settings, appHandle } = await readSettingsData(shop);
      return (
        settings !== null &&
        isAppEmbedEnabledIn(settings, {
          appHandle,
          extensionUuid: options.extensionUuid ?? null,
          override: options.themeExtension ?? null,
        })
      );
    },

    async findPage(shop, handle): Promise<PlatformPage | null> {
      const data = await request<PopstagePageByHandleQuery>(shop, PAGES_BY_HANDLE_QUERY, {
        query: `handle:${searchWords(handle)[0] ?? '""'}`,
      });
      const page = data.pages.nodes.find((node) => node.handle === handle);
      return page ? toPlatformPage(page, data.shop.primaryDomain.url) : null;
    },

    async createPage(shop, page) {
      const data = await request<PopstagePageCreateMutation>(shop, PAGE_CREATE_MUTATION, {
        page: { title: page.title, handle: page.handle, body: page.body, isPublished: true },
      });
      const payload = throwOnUserErrors('pageCreate', data.pageCreate);
      if (!payload.page) throw new Error('Shopify pageCreate answered without a page');
      return toPlatformPage(payload.page, await primaryDomain(shop));
    },

    setAppUrlMetafield: (shop, url) =>
      setAppDataMetafields(shop, [{ ...APP_URL_METAFIELD, value: url }]),

    async appDataMetafield(shop, namespace, key) {
      const data = await request<PopstageAppDataMetafieldQuery>(shop, APP_DATA_METAFIELD_QUERY, {
        namespace,
        key,
      });
      return data.currentAppInstallation.metafield?.value ?? null;
    },

    setAppDataMetafields,

    setProductClipCounts: productMetafields.setProductClipCounts,

    createAppSubscription: billing.createAppSubscription,
    activeAppSubscriptions: billing.activeAppSubscriptions,
    createAppUsageRecord: billing.createAppUsageRecord,
    cancelAppSubscription: billing.cancelAppSubscription,
  };
}

/** A URL's origin when it is an http(s) URL; null otherwise. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

function pageSize(first: number | undefined, max = MAX_PAGE_SIZE): number {
  const size = first ?? Math.min(DEFAULT_PAGE_SIZE, max);
  if (!Number.isInteger(size) || size < 1 || size > max) {
    throw new PlatformError('invalid', `first must be an integer from 1 to ${max}`);
  }
  return size;
}

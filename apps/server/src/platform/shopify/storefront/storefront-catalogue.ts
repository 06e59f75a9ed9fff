import { ShopifyAuthError, ShopifyGraphqlError, ShopifyUnavailableError } from '../errors';
import type {
  PopstageCollectionProductsQuery,
  PopstageCollectionSearchQuery,
  PopstageCustomerOfTokenQuery,
  PopstageMenuItemFragment,
  PopstageMenuQuery,
  PopstageOneProductQuery,
  PopstagePredictiveSearchQuery,
  PopstageProductCardFragment,
  PopstageProductSearchQuery,
  PopstageProductsAndCollectionsQuery,
  PopstageProductsByIdsQuery,
} from '../generated/storefront.types';
import { type GraphqlResponse, isFound, operationName, postGraphql } from '../graphql-client';
import type {
  SearchResults,
  StorefrontCatalogue,
  StorefrontCollection,
  StorefrontMenu,
  StorefrontMenuItem,
  StorefrontProduct,
} from './port';
import {
  COLLECTION_PRODUCTS_QUERY,
  COLLECTION_SEARCH_QUERY,
  CUSTOMER_OF_TOKEN_QUERY,
  MENU_QUERY,
  ONE_PRODUCT_QUERY,
  PREDICTIVE_SEARCH_QUERY,
  PRODUCT_SEARCH_QUERY,
  PRODUCTS_AND_COLLECTIONS_QUERY,
  PRODUCTS_BY_IDS_QUERY,
} from './queries';
import type { StorefrontTokens } from './token-store';

/** Page sizes of spec 03 §7 and §9. */
export const STOREFRONT_SIZES = {
  collectionSearch: 20,
  productSearch: 10,
  search: 10,
  /** Products of a collection per query: 100 cards cost 403 points (250 would cost 1,003). */
  collectionPage: 100,
  /** nodes(ids:) takes at most 250 ids. */
  idsBatch: 250,
} as const;

export interface StorefrontCatalogueOptions {
  /** The shop's origin: https://{shop} on Shopify, the local Shopify's /sandbox/{shop} offline. */
  origin: (shop: string) => string;
  apiVersion: string;
  fetch: typeof fetch;
  tokens: StorefrontTokens;
}

/** A menu item with its nested items, at whichever of the three levels the query asks. */
type MenuItemNode = PopstageMenuItemFragment & { items?: MenuItemNode[] };

const toProduct = (node: PopstageProductCardFragment): StorefrontProduct => ({
  id: node.id,
  title: node.title,
  handle: node.handle,
  imageUrl: node.featuredImage?.url ?? null,
  price: node.priceRange.minVariantPrice.amount,
  currencyCode: node.priceRange.minVariantPrice.currencyCode,
  availableForSale: node.availableForSale,
});

const toCollection = ({ id, title, handle }: StorefrontCollection): StorefrontCollection => ({
  id,
  title,
  handle,
});

const toMenuItem = (node: MenuItemNode): StorefrontMenuItem => ({
  id: node.id,
  title: node.title,
  url: node.url,
  type: node.type,
  resourceId: node.resourceId,
  items: (node.items ?? []).map(toMenuItem),
});

const TOKEN_HEADER = 'X-Shopify-Storefront-Access-Token';

/**
 * The Storefront API client: POST {origin}/api/{version}/graphql.json with the shop's storefront
 * access token (X-Shopify-Storefront-Access-Token). A refused token is forgotten and a new one
 * created once; Storefront calls have no query-cost bucket, so a 429 or 5xx is answered as
 * unavailable rather than waited out.
 */
export function createStorefrontCatalogue(
  options: StorefrontCatalogueOptions,
): StorefrontCatalogue {
  async function request<T>(shop: string, document: string, variables: Record<string, unknown>) {
    const operation = operationName(document);
    const url = `${options.origin(shop)}/api/${options.apiVersion}/graphql.json`;
    for (let attempt = 0; ; attempt++) {
      const token = await options.tokens.require(shop);
      const call = { url, document, variables, tokenHeader: TOKEN_HEADER, token };
      const response = await postGraphql(options.fetch, call);
      if (response.status === 401 || response.status === 403) {
        await options.tokens.forget(shop, token);
        if (attempt === 0) continue;
        throw new ShopifyAuthError(`Shopify refused the storefront token of ${shop}`);
      }
      if (response.status === 429 || response.status >= 500) {
        throw new ShopifyUnavailableError(
          `Shopify's Storefront API answered ${response.status} to ${operation} for ${shop}`,
        );
      }
      const body = (await response.json().catch(() => null)) as GraphqlResponse<T> | null;
      if (!response.ok || !body) {
        throw new Error(`Storefront ${operation} for ${shop} answered ${response.status}`);
      }
      if (body.errors?.length) throw new ShopifyGraphqlError(operation, body.errors);
      if (!body.data) throw new Error(`Storefront ${operation} for ${shop} answered without data`);
      return body.data;
    }
  }

  const searchText = (query: string | undefined) => {
    const trimmed = query?.trim();
    return trimmed ? trimmed : null;
  };

  return {
    async ensureToken(shop) {
      await options.tokens.require(shop);
    },

    async customerOfAccessToken(shop, customerAccessToken) {
      const data = await request<PopstageCustomerOfTokenQuery>(shop, CUSTOMER_OF_TOKEN_QUERY, {
        customerAccessToken,
      });
      return data.customer?.id ?? null;
    },

    async searchCollections(shop, query) {
      const data = await request<PopstageCollectionSearchQuery>(shop, COLLECTION_SEARCH_QUERY, {
        first: STOREFRONT_SIZES.collectionSearch,
        query: searchText(query),
      });
      return data.collections.nodes.map(toCollection);
    },

    async collectionWithProducts(shop, id, first) {
      let found: StorefrontCollection | null = null;
      const products: StorefrontProduct[] = [];
      let after: string | null = null;
      do {
        const data: PopstageCollectionProductsQuery = await request(
          shop,
          COLLECTION_PRODUCTS_QUERY,
          {
            id,
            first: Math.min(first - products.length, STOREFRONT_SIZES.collectionPage),
            after,
          },
        );
        if (!data.collection) return null;
        found = toCollection(data.collection);
        products.push(...data.collection.products.nodes.map(toProduct));
        const { hasNextPage, endCursor } = data.collection.products.pageInfo;
        after = hasNextPage ? endCursor : null;
      } while (after && products.length < first);
      return { ...found, products };
    },

    async menu(shop, handle): Promise<StorefrontMenu | null> {
      const data = await request<PopstageMenuQuery>(shop, MENU_QUERY, { handle });
      const found = data.menu;
      // Shopify answers an unknown handle with null (older versions: an empty menu without id).
      if (!found?.id) return null;
      return {
        id: found.id,
        handle: found.handle,
        title: found.title,
        items: found.items.map(toMenuItem),
      };
    },

    async searchProducts(shop, { query, after }) {
      const data = await request<PopstageProductSearchQuery>(shop, PRODUCT_SEARCH_QUERY, {
        first: STOREFRONT_SIZES.productSearch,
        after: after ?? null,
        query: searchText(query),
      });
      return { nodes: data.products.nodes.map(toProduct), pageInfo: data.products.pageInfo };
    },

    async productsByIds(shop, ids) {
      const wanted = [...new Set(ids.filter((id) => /^gid:\/\/shopify\/Product\/\d+$/.test(id)))];
      const found = new Map<string, StorefrontProduct>();
      for (let i = 0; i < wanted.length; i += STOREFRONT_SIZES.idsBatch) {
        const data = await request<PopstageProductsByIdsQuery>(shop, PRODUCTS_BY_IDS_QUERY, {
          ids: wanted.slice(i, i + STOREFRONT_SIZES.idsBatch),
        });
        for (const node of data.nodes) {
          if (isFound<PopstageProductCardFragment>(node)) found.set(node.id, toProduct(node));
        }
      }
      return wanted.flatMap((id) => found.get(id) ?? []);
    },

    async predictiveSearch(shop, query): Promise<SearchResults> {
      const data = await request<PopstagePredictiveSearchQuery>(shop, PREDICTIVE_SEARCH_QUERY, {
        query,
        limit: STOREFRONT_SIZES.search,
      });
      return {
        products: (data.predictiveSearch?.products ?? []).map(toProduct),
        collections: (data.predictiveSearch?.collections ?? []).map(toCollection),
      };
    },

    async searchProductsAndCollections(shop, query): Promise<SearchResults> {
      const data = await request<PopstageProductsAndCollectionsQuery>(
        shop,
        PRODUCTS_AND_COLLECTIONS_QUERY,
        { query, first: STOREFRONT_SIZES.search },
      );
      return {
        products: data.products.nodes.map(toProduct),
        collections: data.collections.nodes.map(toCollection),
      };
    },

    async hasPublishedProduct(shop) {
      const data = await request<PopstageOneProductQuery>(shop, ONE_PRODUCT_QUERY, {});
      return data.products.nodes.length > 0;
    },
  };
}

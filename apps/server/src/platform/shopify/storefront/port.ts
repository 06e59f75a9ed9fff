import type { Connection } from '../../port';

/**
 * StorefrontCatalogue: the branded app's catalogue as a shopper sees it, read from the Storefront
 * API with the shop's storefront access token (spec 03 §7). One adapter: Shopify, or offline the
 * local Shopify's Storefront endpoint.
 */

export interface StorefrontProduct {
  id: string;
  title: string;
  handle: string;
  imageUrl: string | null;
  price: string;
  currencyCode: string;
  availableForSale: boolean;
}

export interface StorefrontCollection {
  id: string;
  title: string;
  handle: string;
}

export interface StorefrontMenuItem {
  id: string;
  title: string;
  url: string | null;
  type: string;
  resourceId: string | null;
  items: StorefrontMenuItem[];
}

export interface StorefrontMenu {
  id: string;
  handle: string;
  title: string;
  items: StorefrontMenuItem[];
}

export interface SearchResults {
  products: StorefrontProduct[];
  collections: StorefrontCollection[];
}

export interface StorefrontCatalogue {
  /**
   * Creates the shop's storefront access token unless one is stored: on install, right after the
   * token exchange. Every call below creates it too when none is stored (the fallback).
   */
  ensureToken(shop: string): Promise<void>;
  /** Collections whose title matches, first 20 (all when the query is empty). */
  searchCollections(shop: string, query?: string): Promise<StorefrontCollection[]>;
  /** A collection and its first products (100, 5 for a preview, 250 to fetch); null if unknown. */
  collectionWithProducts(
    shop: string,
    id: string,
    first: number,
  ): Promise<(StorefrontCollection & { products: StorefrontProduct[] }) | null>;
  menu(shop: string, handle: string): Promise<StorefrontMenu | null>;
  /** Pages of 10 by cursor. */
  searchProducts(
    shop: string,
    options: { query?: string; after?: string | null },
  ): Promise<Connection<StorefrontProduct>>;
  /** In the order asked; unknown or unpublished ids left out. */
  productsByIds(shop: string, ids: string[]): Promise<StorefrontProduct[]>;
  predictiveSearch(shop: string, query: string): Promise<SearchResults>;
  /** Products and collections matching the query, 10 each. */
  searchProductsAndCollections(shop: string, query: string): Promise<SearchResults>;
  /**
   * The id (gid://shopify/Customer/…) of the customer a customer access token belongs to, or
   * null when the shop does not know the token (forged, expired, another shop's).
   */
  customerOfAccessToken(shop: string, customerAccessToken: string): Promise<string | null>;
  /** Whether any product is published to the storefront (a one-product query). */
  hasPublishedProduct(shop: string): Promise<boolean>;
}

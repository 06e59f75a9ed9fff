/**
 * The local Shopify's data, in the shapes the app's StorePlatform port reads today (ids are
 * Shopify GIDs). Kept here, not imported from the app: the sandbox depends on no app code. Once
 * the app reaches the store only through the Admin GraphQL API, these shapes serve the resolvers.
 */

export interface PlatformShop {
  domain: string;
  name: string;
  ownerName: string;
  email: string;
  primaryDomainUrl: string;
  currency: string;
  createdAt: string;
}

export type ProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';

export interface PlatformVariant {
  id: string;
  title: string;
  sku: string;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number;
  availableForSale: boolean;
}

export interface PlatformImage {
  url: string;
  altText: string;
}

export interface PlatformProduct {
  id: string;
  title: string;
  handle: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: ProductStatus;
  /** Published to the Popstage sales channel (Shopify: publishedOnPublication). */
  publishedToSalesChannel: boolean;
  totalInventory: number;
  priceRange: { min: string; max: string; currencyCode: string };
  variants: PlatformVariant[];
  images: PlatformImage[];
  createdAt: string;
}

export interface PlatformCollection {
  id: string;
  title: string;
  handle: string;
  productsCount: number;
}

export interface MenuItem {
  title: string;
  url: string;
  type: string;
  items: MenuItem[];
}

export interface PlatformMenu {
  id: string;
  handle: string;
  title: string;
  items: MenuItem[];
}

export interface PlatformPage {
  id: string;
  title: string;
  handle: string;
  body: string;
  url: string;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Connection<T> {
  nodes: T[];
  pageInfo: PageInfo;
}

export interface ListOptions {
  /** Page size, 1..250 like Shopify. */
  first?: number;
  after?: string | null;
  /** Free-text search on title (and handle). */
  query?: string;
}

export type AppSubscriptionStatus =
  | 'PENDING'
  | 'ACCEPTED'
  | 'ACTIVE'
  | 'DECLINED'
  | 'CANCELLED'
  | 'EXPIRED'
  | 'FROZEN';

/** A recurring app charge as the platform keeps it (Shopify: AppSubscription). */
export interface PlatformAppSubscription {
  id: string;
  name: string;
  status: AppSubscriptionStatus;
  test: boolean;
  createdAt: string;
  currentPeriodEnd: string | null;
  /** Price per 30-day interval before discount. */
  price: { amount: string; currencyCode: string };
  discount: { percentage: number | null; amount: string | null } | null;
  /** The usage line item (Shopify: AppUsagePricing), when the charge has one. */
  usage: PlatformUsagePricing | null;
}

/** A subscription's usage line item: usage records add up to at most cappedAmount per interval. */
export interface PlatformUsagePricing {
  /** AppSubscriptionLineItem GID, what appUsageRecordCreate names. */
  lineItemId: string;
  cappedAmount: { amount: string; currencyCode: string };
  /** What the usage records of the current 30-day interval add up to (decimal string). */
  balanceUsed: string;
  terms: string;
}

export interface CreateAppSubscriptionInput {
  name: string;
  /** One recurring price every 30 days (Shopify allows a single recurring line item). */
  price: { amount: string; currencyCode: string };
  discount?: { percentage?: number; amount?: string; durationLimitInIntervals?: number };
  /** A usage line item beside the recurring one (Shopify allows one of each). */
  usage?: { cappedAmount: { amount: string; currencyCode: string }; terms: string };
  returnUrl: string;
  test: boolean;
  replacementBehavior: 'APPLY_IMMEDIATELY' | 'APPLY_ON_NEXT_BILLING_CYCLE' | 'STANDARD';
}

/**
 * The app-data metafield the theme app embed reads its script origin from
 * (`app.metafields.popstage.app_url.value`, extensions/popstage/blocks/app-embed.liquid).
 */
export const APP_URL_METAFIELD = { namespace: 'popstage', key: 'app_url', type: 'url' } as const;

/**
 * The product metafield the theme's product block reserves the clip row by
 * (`product.metafields['$app'].clip_count.value`, extensions/popstage/blocks/product.liquid): how
 * many clips the product's page shows. App-owned (`$app`): only the app writes it; its definition
 * (storefront read) is declared in shopify.app.toml.
 */
export const CLIP_COUNT_METAFIELD = {
  namespace: '$app',
  key: 'clip_count',
  type: 'number_integer',
} as const;

/** One product's CLIP_COUNT_METAFIELD value. */
export interface ProductClipCount {
  productId: string;
  count: number;
}

export interface StorePlatform {
  readonly kind: 'sandbox' | 'shopify';
  /**
   * Called with every verified session token before the request is handled: Shopify exchanges it
   * for an offline access token the first time it sees the shop; the sandbox needs nothing.
   */
  authorize?(shop: string, sessionToken: string): Promise<void>;
  getShop(shop: string): Promise<PlatformShop | null>;
  listProducts(
    shop: string,
    options?: ListOptions & {
      collectionId?: string;
      status?: ProductStatus;
      /** Only products published to the Popstage sales channel (what the storefront can show). */
      publishedOnly?: boolean;
    },
  ): Promise<Connection<PlatformProduct>>;
  getProducts(shop: string, ids: string[]): Promise<PlatformProduct[]>;
  /** Those of the given products that are in the collection (any size of collection). */
  productsInCollection(shop: string, collectionId: string, productIds: string[]): Promise<string[]>;
  listCollections(shop: string, options?: ListOptions): Promise<Connection<PlatformCollection>>;
  /** One collection of the shop by GID; null when the shop has no such collection. */
  getCollection(shop: string, id: string): Promise<PlatformCollection | null>;
  /** Products published to the Popstage sales channel. */
  countPublishedProducts(shop: string): Promise<number>;
  /** Publishes the given products (all active ones when ids is omitted); returns how many changed. */
  publishProducts(shop: string, ids?: string[]): Promise<number>;
  getMenu(shop: string, handle: string): Promise<PlatformMenu | null>;
  /** Whether the Popstage app embed is switched on in the published theme. */
  isAppEmbedEnabled(shop: string): Promise<boolean>;
  findPage(shop: string, handle: string): Promise<PlatformPage | null>;
  createPage(
    shop: string,
    page: { title: string; handle: string; body: string },
  ): Promise<PlatformPage>;
  /** Sets APP_URL_METAFIELD on the app's installation (Shopify: metafieldsSet); idempotent. */
  setAppUrlMetafield(shop: string, url: string): Promise<void>;
  /**
   * Sets CLIP_COUNT_METAFIELD on each product (Shopify: metafieldsSet, 25 per call); idempotent.
   * Every product must exist: a batch naming an unknown one fails and writes nothing.
   */
  setProductClipCounts(shop: string, counts: ProductClipCount[]): Promise<void>;

  /** Billing: creates a pending charge; the merchant approves it at confirmationUrl. */
  createAppSubscription(
    shop: string,
    input: CreateAppSubscriptionInput,
  ): Promise<{ subscription: PlatformAppSubscription; confirmationUrl: string }>;
  /** currentAppInstallation.activeSubscriptions: the source of truth after approval or webhook. */
  activeAppSubscriptions(shop: string): Promise<PlatformAppSubscription[]>;
  cancelAppSubscription(shop: string, id: string): Promise<void>;
}

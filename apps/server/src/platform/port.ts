/**
 * StorePlatform: everything Popstage asks of the e-commerce platform. Two adapters implement it:
 * the offline sandbox store (default) and Shopify (Admin GraphQL). Ids are Shopify-style GIDs.
 */

export interface PlatformShop {
  domain: string;
  name: string;
  ownerName: string;
  email: string;
  primaryDomainUrl: string;
  currency: string;
  createdAt: string;
  /** IANA time zone of the shop (Shopify's ianaTimezone); Insights counts days in it. */
  timeZone?: string;
  /**
   * A partner development store (Shopify's `shop.plan.partnerDevelopment`): charges there are
   * test charges, since Shopify bills no real money for a store that is not on a paid plan.
   */
  developmentStore: boolean;
}

/** Where the shop's storefront is served, as the platform has it now. */
export interface StorefrontDomains {
  primaryDomainUrl: string;
  /** The origins (scheme, host, port) of the primary domain and of every market web presence. */
  origins: string[];
}

export type ProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';

/** What the storefront needs of a variant: the cheapest one for sale goes in the cart. */
export interface PlatformVariant {
  id: string;
  price: string;
  availableForSale: boolean;
}

export interface PlatformImage {
  url: string;
  altText: string;
}

/**
 * A product as the app reads it: the picker (catalogue/wire.ts), the tagged products of a clip
 * (popclips/products.ts) and the storefront feed (storefront/wire.ts). Only these fields are
 * asked of Shopify (queries/products.ts); the feed's snapshots store them as they are.
 */
export interface PlatformProduct {
  id: string;
  title: string;
  handle: string;
  description: string;
  status: ProductStatus;
  /** The lowest variant price and the shop's currency. */
  priceRange: { min: string; currencyCode: string };
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
  /** Page size, 1..250 like Shopify (products: 1..50, what one query may cost). */
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
  /** What the current interval's usage records add up to (decimal string). */
  balanceUsed: string;
  terms: string;
}

/** appUsageRecordCreate's input: a usage charge under a usage line item. */
export interface UsageRecordInput {
  lineItemId: string;
  price: { amount: string; currencyCode: string };
  description: string;
  /** The same key answers the record made the first time (no second charge). */
  idempotencyKey: string;
}

export interface CreateAppSubscriptionInput {
  name: string;
  /** One recurring price every 30 days (Shopify allows a single recurring line item). */
  price: { amount: string; currencyCode: string };
  discount?: { percentage?: number; amount?: string; durationLimitInIntervals?: number };
  /** A usage line item beside the recurring one (the live success fee, issue 32). */
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
 * An app-data metafield: on the app's own installation, read by no other app, and by the theme
 * app extension's Liquid as `app.metafields.<namespace>.<key>`.
 */
export interface AppDataMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

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
  /** The shop's storefront domains: the primary one and its markets' (Shopify: webPresences). */
  storefrontDomains(shop: string): Promise<StorefrontDomains>;
  /**
   * Whether the platform refuses the shop's stored access token (what an uninstall does), asked
   * with that token only: no session token is exchanged, which would reinstall.
   */
  accessRevoked(shop: string): Promise<boolean>;
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
  /**
   * Whether the app may read the shop's orders: Shopify's protected customer data approval, which
   * order webhooks (sales attribution) need too.
   */
  canReadOrders(shop: string): Promise<boolean>;
  /**
   * Connects the app's sales channel (the branded mobile app) where it is not yet, so the shop has
   * the publication merchants publish to. Idempotent.
   */
  ensureSalesChannel(shop: string): Promise<void>;
  /** Publishes the given products (all active ones when ids is omitted); returns how many changed. */
  publishProducts(shop: string, ids?: string[]): Promise<number>;
  /** A new Storefront API access token for the app's clients (storefrontAccessTokenCreate). */
  createStorefrontAccessToken(shop: string, title: string): Promise<string>;
  /** Whether the Popstage app embed is switched on in the published theme. */
  isAppEmbedEnabled(shop: string): Promise<boolean>;
  findPage(shop: string, handle: string): Promise<PlatformPage | null>;
  createPage(
    shop: string,
    page: { title: string; handle: string; body: string },
  ): Promise<PlatformPage>;
  /** Sets APP_URL_METAFIELD on the app's installation (Shopify: metafieldsSet); idempotent. */
  setAppUrlMetafield(shop: string, url: string): Promise<void>;
  /** One app-data metafield's value (AppInstallation.metafield); null when it is not set. */
  appDataMetafield(shop: string, namespace: string, key: string): Promise<string | null>;
  /** Sets app-data metafields on the app's installation (metafieldsSet, at most 25); idempotent. */
  setAppDataMetafields(shop: string, metafields: AppDataMetafield[]): Promise<void>;
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
  /**
   * A usage charge (Shopify: appUsageRecordCreate); answers the usage record's id. Refusals (cap
   * exceeded, line item inactive or unknown) throw a PlatformError of kind 'refused'.
   */
  createAppUsageRecord(shop: string, input: UsageRecordInput): Promise<{ id: string }>;
}

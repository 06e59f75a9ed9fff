import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AppSubscriptionStatus,
  CreateAppSubscriptionInput,
  MenuItem,
  PlatformVariant,
  ProductStatus,
} from './types';

/**
 * The local Shopify's own data (the stand-in for Shopify's), in its own Postgres schema with its
 * own migrations: nothing here references the app's tables, so resetting a store and uninstalling
 * the app stay independent. Ids are the numeric part of Shopify GIDs, unique across shops like
 * Shopify's.
 */
export const shopifySandbox = pgSchema('shopify_sandbox');

export const sandboxShops = shopifySandbox.table('shops', {
  domain: text().primaryKey(),
  name: text().notNull(),
  ownerName: text().notNull(),
  email: text().notNull(),
  currency: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  /** The app installation's app-data metafields by `namespace.key` (reset with the store). */
  appMetafields: jsonb()
    .$type<Record<string, { type: string; value: string }>>()
    .notNull()
    .default({}),
  /** Shoppers must consent to analytics first (the store's region requires it, as in the EU). */
  consentRequired: boolean().notNull().default(false),
  /**
   * Shopify approved the app's protected customer data access (level 1) for this store: without
   * it the Admin API refuses Order objects and order webhooks are not sent. Per store here, so
   * one store can show what a merchant sees before approval while the other sells.
   */
  protectedCustomerData: boolean().notNull().default(true),
  /**
   * The app's sales channel connection (channelCreate): the channel specification it was bound to,
   * null until the app connects. Its publication exists only while connected.
   */
  salesChannel: text(),
  /**
   * A partner development store (Admin API `shop.plan.partnerDevelopment`): the app's charges
   * there are test charges. The control page makes a store live (a paid plan) or development.
   */
  partnerDevelopment: boolean().notNull().default(true),
});

const shopDomain = () =>
  text()
    .notNull()
    .references(() => sandboxShops.domain, { onDelete: 'cascade' });

/**
 * Domains the merchant connected to the shop (Shopify's Domain), besides the local Shopify's own
 * origin, which serves every shop's storefront. A domain is the shop's primary domain, a market's
 * web presence (`market` names it), or an alias that redirects to the primary domain, as in
 * Shopify. A host belongs to one shop only.
 */
export const sandboxDomains = shopifySandbox.table(
  'domains',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 810001 }),
    shopDomain: text()
      .notNull()
      .references(() => sandboxShops.domain, { onDelete: 'cascade' }),
    /** `shop.example.com`, or `127.0.0.2:3000` for a loopback origin. */
    host: text().notNull().unique(),
    primary: boolean().notNull().default(false),
    /** The market whose web presence the domain is; null for the primary market's domains. */
    market: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.shopDomain),
    uniqueIndex('domains_one_primary_per_shop').on(t.shopDomain).where(sql`${t.primary}`),
  ],
);

/** A theme's app blocks as stored (theme/theme-state.ts holds the model). */
export interface ThemeAppBlocks {
  embedSettings: Record<string, string | number | boolean | null>;
  templates: Record<
    'index' | 'product',
    { id: string; type: string; settings: Record<string, string | number | boolean | null> }[]
  >;
}

/** Image names only: URLs are built at read time from the app's public URL, which may change. */
export interface SandboxImage {
  name: string;
  altText: string;
}

export const sandboxProducts = shopifySandbox.table(
  'products',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    shopDomain: shopDomain(),
    title: text().notNull(),
    handle: text().notNull(),
    description: text().notNull(),
    vendor: text().notNull(),
    productType: text().notNull(),
    tags: jsonb().$type<string[]>().notNull(),
    status: text().$type<ProductStatus>().notNull(),
    publishedToSalesChannel: boolean().notNull().default(false),
    variants: jsonb().$type<PlatformVariant[]>().notNull(),
    images: jsonb().$type<SandboxImage[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Product metafields by `namespace.key` (the app's `$app.clip_count`); a reset clears them. */
    metafields: jsonb()
      .$type<Record<string, { type: string; value: string }>>()
      .notNull()
      .default({}),
  },
  (t) => [unique().on(t.shopDomain, t.handle), index().on(t.shopDomain, t.id)],
);

export const sandboxCollections = shopifySandbox.table(
  'collections',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    shopDomain: shopDomain(),
    title: text().notNull(),
    handle: text().notNull(),
  },
  (t) => [unique().on(t.shopDomain, t.handle)],
);

export const sandboxCollectionProducts = shopifySandbox.table(
  'collection_products',
  {
    collectionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sandboxCollections.id, { onDelete: 'cascade' }),
    productId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sandboxProducts.id, { onDelete: 'cascade' }),
    shopDomain: shopDomain(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index().on(t.productId)],
);

export const sandboxMenus = shopifySandbox.table(
  'menus',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    shopDomain: shopDomain(),
    handle: text().notNull(),
    title: text().notNull(),
    items: jsonb().$type<MenuItem[]>().notNull(),
  },
  (t) => [unique().on(t.shopDomain, t.handle)],
);

export const sandboxPages = shopifySandbox.table(
  'pages',
  {
    // Seeded pages get explicit ids; pages created at run time draw from this identity.
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 900001 }),
    shopDomain: shopDomain(),
    title: text().notNull(),
    handle: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.shopDomain, t.handle)],
);

export const sandboxThemes = shopifySandbox.table(
  'themes',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    shopDomain: shopDomain(),
    name: text().notNull(),
    /** MAIN is the published theme; the app embed only counts there, as in Shopify. */
    role: text().$type<'MAIN' | 'UNPUBLISHED'>().notNull(),
    appEmbedEnabled: boolean().notNull().default(false),
    /**
     * The rest of what the theme keeps of the app: its embed's settings and its blocks per
     * template (templates/<name>.json). The embed's on/off is `appEmbedEnabled`, so the control
     * page's switch and the theme editor share one truth.
     */
    appBlocks: jsonb()
      .$type<ThemeAppBlocks>()
      .notNull()
      .default({ embedSettings: {}, templates: { index: [], product: [] } }),
  },
  (t) => [index().on(t.shopDomain)],
);

/** Recurring app charges as Shopify Billing keeps them: created PENDING, approved by the merchant. */
export const sandboxAppSubscriptions = shopifySandbox.table(
  'app_subscriptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 700001 }),
    shopDomain: shopDomain(),
    name: text().notNull(),
    status: text().$type<AppSubscriptionStatus>().notNull(),
    test: boolean().notNull(),
    priceAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    currencyCode: text().notNull(),
    /** A fraction (0.2 is 20 %), as Shopify's AppSubscriptionDiscountPercentage. */
    discountPercentage: numeric({ precision: 6, scale: 4 }),
    discountAmount: numeric({ precision: 12, scale: 2 }),
    discountDurationLimitInIntervals: integer(),
    replacementBehavior: text()
      .$type<CreateAppSubscriptionInput['replacementBehavior']>()
      .notNull(),
    returnUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /**
     * The usage line item (AppUsagePricing), when the app asked for one: the most its usage
     * records may add up to per 30-day interval, in usageCurrencyCode, and the terms shown to
     * the merchant at approval. Null columns: a recurring-only charge.
     */
    usageCappedAmount: numeric({ precision: 12, scale: 2 }),
    usageCurrencyCode: text(),
    usageTerms: text(),
  },
  (t) => [index().on(t.shopDomain, t.status)],
);

/**
 * Usage charges (Shopify: AppUsageRecord) under a subscription's usage line item. The idempotency
 * key is unique per shop, so an app retrying a charge gets the first record back, never a second.
 */
export const sandboxAppUsageRecords = shopifySandbox.table(
  'app_usage_records',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 720001 }),
    subscriptionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sandboxAppSubscriptions.id, { onDelete: 'cascade' }),
    shopDomain: shopDomain(),
    description: text().notNull(),
    priceAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    currencyCode: text().notNull(),
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.subscriptionId, t.createdAt),
    uniqueIndex().on(t.shopDomain, t.idempotencyKey),
  ],
);

/** A line of a sandbox cart or order, shaped like the Shopify AJAX cart's items. */
export interface SandboxCartLine {
  /** Numeric variant id. */
  variantId: number;
  productId: number;
  quantity: number;
  /** Unit price as a decimal string ('19.00'). */
  price: string;
  title: string;
  /** Line item properties; names starting with '_' are hidden from the shopper, as in Shopify. */
  properties: Record<string, string>;
}

/** The storefront cart (Shopify keeps it server side behind the `cart` cookie; so does the sandbox). */
export const sandboxCarts = shopifySandbox.table(
  'carts',
  {
    token: text().primaryKey(),
    shopDomain: shopDomain(),
    lines: jsonb().$type<SandboxCartLine[]>().notNull(),
    /** Cart attributes (`/cart/update.js` attributes), carried onto the order's note_attributes. */
    attributes: jsonb().$type<Record<string, string>>().notNull(),
    note: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.shopDomain)],
);

/** Orders placed through the sandbox checkout; ids draw from one sequence, like Shopify's. */
export const sandboxOrders = shopifySandbox.table(
  'orders',
  {
    id: bigint({ mode: 'number' })
      .primaryKey()
      .generatedByDefaultAsIdentity({ startWith: 5500001 }),
    shopDomain: shopDomain(),
    /** '#1001', counting per shop. */
    name: text().notNull(),
    lines: jsonb().$type<SandboxCartLine[]>().notNull(),
    attributes: jsonb().$type<Record<string, string>>().notNull(),
    currency: text().notNull(),
    totalPrice: numeric({ precision: 12, scale: 2 }).notNull(),
    cartToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique().on(t.shopDomain, t.name)],
);

/**
 * Offline access tokens issued by token exchange, with the refresh token of an expiring one
 * (Shopify's expiring offline tokens: the access token lasts an hour, its refresh token 90 days).
 * They belong to the app's installation, not to the store's data: a store reset keeps them, an
 * uninstall revokes them.
 */
export const sandboxAccessTokens = shopifySandbox.table(
  'access_tokens',
  {
    token: text().primaryKey(),
    shopDomain: text().notNull(),
    scope: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    refreshToken: text().unique(),
    refreshExpiresAt: timestamp({ withTimezone: true }),
    /** When its refresh token was first used: it may be retried for 30 days after, */
    refreshUsedAt: timestamp({ withTimezone: true }),
    /** …until the app uses one issued in its place, which names it here (access-tokens.ts). */
    replaces: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.shopDomain)],
);

/**
 * Webhooks the store sent to the app, kept as Shopify's delivery log is: one row per event (its
 * webhook id stays the same on every retry), the last answer, and when the next retry is due
 * (null once delivered or given up).
 */
export const sandboxWebhookDeliveries = shopifySandbox.table(
  'webhook_deliveries',
  {
    webhookId: text().primaryKey(),
    shopDomain: text().notNull(),
    topic: text().notNull(),
    /** The exact bytes signed and sent. */
    body: text().notNull(),
    triggeredAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lastStatus: integer(),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.shopDomain, t.triggeredAt), index().on(t.nextAttemptAt)],
);

/**
 * Storefront API access tokens the app created (Admin API storefrontAccessTokenCreate); the
 * Storefront API answers a request that carries one in X-Shopify-Storefront-Access-Token.
 */
export const sandboxStorefrontTokens = shopifySandbox.table(
  'storefront_access_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    token: text().notNull().unique(),
    shopDomain: text().notNull(),
    title: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.shopDomain)],
);

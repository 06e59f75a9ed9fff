import type { FeatureFlags } from '@popstage/core/shop';
import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';

/** One row per installed shop: the app's own state about the shop (the platform owns the rest). */
export const shops = pgTable('shops', {
  id: uuidKey(),
  shopifyDomain: text().notNull().unique(),
  shopName: text().notNull(),
  shopHandle: text().notNull(),
  ownerName: text().notNull(),
  ownerEmail: text().notNull(),
  primaryDomainUrl: text().notNull(),
  /**
   * The origins the shop's storefront is served on (primary domain, market domains), as the
   * platform last told them (shop/update, domains/* webhooks, each admin load): the storefront
   * API answers CORS for them. Empty until first read: the primary domain above still counts.
   */
  storefrontOrigins: jsonb().$type<string[]>().notNull().default([]),
  currency: text().notNull(),
  shopifyShopCreatedAt: timestamptz().notNull(),
  installedAt: timestamptz().notNull().defaultNow(),
  onBoardedOn: timestamptz(),
  livePageCreated: boolean().notNull().default(false),
  skippedFirstPopclipsCreation: boolean().notNull().default(false),
  featureFlags: jsonb().$type<Partial<FeatureFlags>>().notNull().default({}),
  featuredPopclipId: text(),
  appRequestId: text(),
  appRequestSkIdentifier: text(),
  csStoreCreated: boolean().notNull().default(false),
  popshopliveAccountCreated: boolean().notNull().default(false),
  csToken: text(),
  storefrontAccessToken: text(),
  dashboardUrl: text(),
  /** Free-form merchant settings written through POST /api/shopify/shop-info (allow-listed keys). */
  info: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The URL last written to the popstage.app_url metafield; null until a write succeeded, and
   * again after an uninstall (Shopify deletes the app's metafields then).
   */
  appUrlMetafield: text(),
  /**
   * When the app was uninstalled (app/uninstalled webhook); null while installed. The data stays
   * for a reinstall until shop/redact; the next app load clears it.
   */
  uninstalledAt: timestamptz(),
});

export type ShopRow = typeof shops.$inferSelect;

/** The owning shop's id: a shop's rows go with it (uninstall, shop/redact). */
export const shopIdColumn = () =>
  uuid()
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' });

/** The key of a table with one row per shop, which goes with the shop. */
export const shopKeyColumn = () =>
  uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' });

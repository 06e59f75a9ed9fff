import type { DiscountKind } from '@popstage/core/billing';
import type { FeatureId, SubscriptionLineItem } from '@popstage/core/shop';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shopIdColumn } from './shops';

/**
 * Billing state. Plans, add-ons and features are not stored: they are catalogue.v1.json, held in
 * memory (deps.catalogue); subscriptions and drafts name them by id (no foreign key). Discount
 * codes are a table: the sandbox seeds the catalogue's; in production staff add them.
 */
export const discountCodes = pgTable('discount_codes', {
  code: text().primaryKey(),
  description: text().notNull().default(''),
  kind: text().$type<DiscountKind>().notNull(),
  /** Whole percent for percentage, amount for fixed_amount, null for free_popclips_addon. */
  value: numeric({ precision: 12, scale: 2 }),
  appliesTo: jsonb().$type<FeatureId[]>().notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  endsAt: timestamp({ withTimezone: true }),
  maxRedemptions: integer(),
});

/** The amounts a draft is priced at; the subscription made from it keeps them. */
const priced = () => ({
  subtotal: numeric({ precision: 12, scale: 2 }).notNull(),
  total: numeric({ precision: 12, scale: 2 }).notNull(),
  discountAmount: numeric({ precision: 12, scale: 2 }),
  discountPercentage: numeric({ precision: 6, scale: 4 }),
  currencyCode: text().notNull(),
});

export const subscriptionDrafts = pgTable('subscription_drafts', {
  id: uuid().primaryKey().defaultRandom(),
  shopId: shopIdColumn(),
  planId: text().notNull(),
  addonIds: jsonb().$type<string[]>().notNull(),
  discountCode: text(),
  lineItems: jsonb().$type<SubscriptionLineItem[]>().notNull(),
  ...priced(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'REPLACED';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: shopIdColumn(),
    draftId: uuid().notNull(),
    planId: text().notNull(),
    addonIds: jsonb().$type<string[]>().notNull(),
    status: text().$type<SubscriptionStatus>().notNull(),
    /** merchant: their own checkout; company: a plan change proposed by Popstage staff. */
    origin: text().$type<'merchant' | 'company'>().notNull().default('merchant'),
    isStub: boolean().notNull(),
    platformSubscriptionId: text().unique(),
    confirmationUrl: text(),
    discountCode: text(),
    checkoutReason: text(),
    lineItems: jsonb().$type<SubscriptionLineItem[]>().notNull(),
    ...priced(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.shopId, table.status)],
);

/** Webhook deliveries already handled, so a replay changes nothing (Shopify retries). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    webhookId: text().notNull(),
    topic: text().notNull(),
    shopDomain: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Per shop: the HMAC covers the body, not the headers, so a delivery id resent under another
  // shop's header must not mark the real delivery of that shop as seen (issue 28).
  (table) => [primaryKey({ columns: [table.shopDomain, table.topic, table.webhookId] })],
);

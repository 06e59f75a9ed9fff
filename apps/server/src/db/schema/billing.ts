import type { DiscountKind } from '@popstage/core/billing';
import type { FeatureId, SubscriptionLineItem } from '@popstage/core/shop';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
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
  startsAt: timestamptz().notNull(),
  endsAt: timestamptz(),
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
  id: uuidKey(),
  shopId: shopIdColumn(),
  planId: text().notNull(),
  addonIds: jsonb().$type<string[]>().notNull(),
  discountCode: text(),
  lineItems: jsonb().$type<SubscriptionLineItem[]>().notNull(),
  ...priced(),
  createdAt: timestamptz().notNull().defaultNow(),
});

export type SubscriptionStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'REPLACED';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuidKey(),
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
    createdAt: timestamptz().notNull().defaultNow(),
    activatedAt: timestamptz(),
    endedAt: timestamptz(),
  },
  (table) => [index().on(table.shopId, table.status)],
);

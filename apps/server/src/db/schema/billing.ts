import type { DiscountKind, LiveFeeStatus } from '@popstage/core/billing';
import type { FeatureId, SubscriptionLineItem } from '@popstage/core/shop';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigintNumber, counter, timestamptz, uuidKey } from './columns';
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
    /**
     * The charge's usage line item (AppSubscriptionLineItem GID) the live success fee is billed
     * under, stored when the platform reports the charge active; null for a plan without live.
     */
    usageLineItemId: text(),
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

/**
 * The live success fee of one order (issue 32), written in the order's own transaction: the
 * outbox a job drains into one Shopify usage charge. Unique per shop and order, so a redelivered
 * webhook adds nothing; the charge's idempotency key is per shop and order too, so a retry after
 * a crash between the charge and `charged` bills nothing twice. Money in the order currency's
 * minor units.
 */
export const liveFeeCharges = pgTable(
  'live_fee_charges',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    orderId: text().notNull(),
    orderName: text().notNull(),
    /** The show credited (the first well-formed show id of the order's lines). */
    showId: text().notNull(),
    currency: text().notNull(),
    revenueMinorUnits: bigintNumber().notNull(),
    feeMinorUnits: bigintNumber().notNull(),
    status: text().$type<LiveFeeStatus>().notNull().default('pending'),
    /** Why a fee is not billable: no_usage_line_item, currency_mismatch, below_minimum. */
    reason: text(),
    usageRecordId: text(),
    attempts: counter(),
    lastError: text(),
    /** When the sweep may try a pending fee again (backoff after a failure). */
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    orderedAt: timestamptz().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    chargedAt: timestamptz(),
  },
  (table) => [
    unique().on(table.shopId, table.orderId),
    index().on(table.status, table.nextAttemptAt),
    index().on(table.shopId, table.orderedAt),
  ],
);

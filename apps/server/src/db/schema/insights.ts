import { date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bigintNumber, counter, timestamptz } from './columns';
import { shopIdColumn, shopKeyColumn } from './shops';

/**
 * Insights rollups (docs/decisions.md "Insights (issue 15)"), kept by the analytics.rollup job
 * from storefront_events, storefront_orders and order_attributions, in the shop's time zone: a
 * dashboard call reads O(days × clips) rows, never raw events.
 */

/** Per shop: the time zone the dashboard uses and the one its rollups were built in. */
export const analyticsSettings = pgTable('analytics_settings', {
  shopId: shopKeyColumn(),
  /** IANA name, from the platform's shop (Shopify's ianaTimezone). */
  timeZone: text().notNull(),
  /** The zone the rollups are in; another value than timeZone makes the job rebuild them. */
  rollupTimeZone: text(),
  updatedAt: timestamptz().notNull(),
});

/**
 * UTC hours with events or orders the rollups have not taken in yet: one row per write, inserted
 * in the writer's own transaction (no row is updated, so concurrent batches never wait on each
 * other). The job deletes the rows it sees before it recomputes their hours; a row it could not
 * see yet belongs to a transaction whose events it could not see either, and stays for the next
 * run. marked_at gives the rollup lag.
 */
export const analyticsDirtyHours = pgTable(
  'analytics_dirty_hours',
  {
    id: bigintNumber().primaryKey().generatedAlwaysAsIdentity(),
    shopId: shopIdColumn(),
    hour: timestamptz().notNull(),
    markedAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [index('analytics_dirty_hours_shop_hour_idx').on(table.shopId, table.hour)],
);

const engagement = {
  impressions: counter(),
  views: counter(),
  likes: counter(),
  clicks: counter(),
  addToCarts: counter(),
};

/** Events per clip and hour of the shop's clock (`hour`: the instant that local hour began). */
export const analyticsClipHourly = pgTable(
  'analytics_clip_hourly',
  {
    shopId: shopIdColumn(),
    hour: timestamptz().notNull(),
    clipId: text().notNull(),
    ...engagement,
  },
  (table) => [primaryKey({ columns: [table.shopId, table.hour, table.clipId] })],
);

/** Events per clip and day of the shop's calendar (the hours added up). */
export const analyticsClipDaily = pgTable(
  'analytics_clip_daily',
  {
    shopId: shopIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    clipId: text().notNull(),
    ...engagement,
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day, table.clipId] })],
);

/**
 * Credited sales per day, attribution window, currency and clip; clip '' holds the shop's totals
 * (an order credited to two clips is one order there).
 */
export const analyticsSalesDaily = pgTable(
  'analytics_sales_daily',
  {
    shopId: shopIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    windowDays: smallint().notNull(),
    currency: text().notNull(),
    clipId: text().notNull(),
    orders: integer().notNull(),
    directCents: bigintNumber().notNull(),
    indirectCents: bigintNumber().notNull(),
    influencedCents: bigintNumber().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.shopId, table.day, table.windowDays, table.currency, table.clipId],
    }),
  ],
);

/** Every order of the store per day and currency, credited or not. */
export const analyticsStoreDaily = pgTable(
  'analytics_store_daily',
  {
    shopId: shopIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    orders: integer().notNull(),
    salesCents: bigintNumber().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day, table.currency] })],
);

/**
 * Insights' holdout test (docs/decisions.md "Holdout test"): the share of visitors held out of
 * the widget, and since when this share runs (a new share starts a new test).
 */
export const holdoutTests = pgTable('holdout_tests', {
  shopId: shopKeyColumn(),
  percent: smallint().notNull(),
  /** Null while off. */
  startedAt: timestamptz(),
  updatedAt: timestamptz().notNull(),
});

/** Visitors of the running test, each in the group of their first visit. */
export const holdoutVisits = pgTable(
  'holdout_visits',
  {
    shopId: shopIdColumn(),
    /** The visitor (the signed id's part before the dot), as orders' cart attribute names it. */
    visitorId: text().notNull(),
    /** exposed or holdout ('group' is an SQL keyword). */
    cohort: text().$type<'exposed' | 'holdout'>().notNull(),
    firstSeenAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.visitorId] })],
);

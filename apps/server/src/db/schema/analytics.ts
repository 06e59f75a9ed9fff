import { date, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { counter, serialKey, timestamptz } from './columns';
import { shopIdColumn } from './shops';

/** App events and product analytics sent by the admin (spec 03 §7), when no data lake is set. */
export const appEvents = pgTable(
  'app_events',
  {
    id: serialKey(),
    shopId: shopIdColumn(),
    stream: text().$type<'appevents' | 'productanalytics'>().notNull(),
    action: text().notNull(),
    category: text().notNull(),
    stage: text(),
    sessionId: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz().notNull(),
    receivedAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [index().on(table.shopId, table.stream, table.occurredAt)],
);

/** Daily rollup of Popclip views; the storefront ingest fills it, gating sums it. */
export const popclipDailyViews = pgTable(
  'popclip_daily_views',
  {
    shopId: shopIdColumn(),
    popclipId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    views: counter(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.popclipId, table.day] })],
);

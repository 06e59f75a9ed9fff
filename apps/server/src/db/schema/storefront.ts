import type { StorefrontEventType } from '@popstage/core/storefront';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { counter, timestamptz } from './columns';
import { shopIdColumn, shopKeyColumn } from './shops';

/**
 * Raw storefront events (the widget's POST /storefront/v1/shops/{shop}/events). Views are stored
 * only when counted (not within 30 minutes of the visitor's last counted view of the clip), so
 * the last 'view' row of a visitor and clip is the dedupe reference. Partitioned by month of
 * occurred_at (migration 0025, hand-written: Drizzle does not declare partitions), so retention
 * drops whole months; hence the key includes occurred_at.
 */
export const storefrontEvents = pgTable(
  'storefront_events',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    shopId: shopIdColumn(),
    /** The clip's metaIdentifier. */
    clipId: text().notNull(),
    type: text().$type<StorefrontEventType>().notNull(),
    visitorId: text().notNull(),
    sessionId: text(),
    productId: text(),
    /** When the widget says it happened (clamped to the receiving time). */
    occurredAt: timestamptz().notNull(),
    /** Server time; the view dedupe window is measured on it. */
    receivedAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.occurredAt] }),
    index('storefront_events_shop_occurred_idx').on(table.shopId, table.occurredAt),
    // Sales attribution reads a visitor's recent clip interactions when an order arrives.
    index('storefront_events_visitor_idx').on(table.shopId, table.visitorId, table.occurredAt),
    // The view dedupe looks up the last counted view of a visitor and clip.
    index('storefront_events_view_dedupe_idx')
      .on(table.shopId, table.visitorId, table.clipId, table.receivedAt)
      .where(sql`type = 'view'`),
  ],
);

/** One row per visitor who likes a clip (like inserts, unlike deletes: both idempotent). */
export const popclipLikes = pgTable(
  'popclip_likes',
  {
    shopId: shopIdColumn(),
    clipId: text().notNull(),
    visitorId: text().notNull(),
    likedAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.clipId, table.visitorId] }),
    index('popclip_likes_visitor_idx').on(table.shopId, table.visitorId),
  ],
);

/**
 * The view-limit state of a shop (spec 02 §3 limitAccess), kept by the popclips.view-limits job.
 * The flag applies only to the period and limit it was computed for: a new period or another
 * plan's limit makes it stale (and the job clears it). totalViews is a running estimate the ingest
 * bumps so it can tell when a batch crosses the limit; the job recomputes it from the rollup.
 */
export const popclipViewLimits = pgTable('popclip_view_limits', {
  shopId: shopKeyColumn(),
  periodStart: timestamptz().notNull(),
  /** -1 unlimited. */
  maxViews: integer().notNull(),
  totalViews: integer().notNull(),
  limitAccess: boolean().notNull().default(false),
  limitedAt: timestamptz(),
  checkedAt: timestamptz().notNull(),
});

export type PopclipViewLimitRow = typeof popclipViewLimits.$inferSelect;

/**
 * The visitors whose views (kind 'view') or likes ('like') a client network may add to a clip in a
 * UTC day (docs/decisions.md "Address caps (issue 28)"): the network is a keyed hash of an IPv4
 * address or an IPv6 /64, never the address. A visitor counts once however often she watches, so
 * a shopper's repeat views leave the allowance to the others behind her address. Pruned after a
 * day.
 */
export const storefrontAddressVisitors = pgTable(
  'storefront_address_visitors',
  {
    shopId: shopIdColumn(),
    day: date().notNull(),
    network: text().notNull(),
    kind: text().$type<'view' | 'like'>().notNull(),
    clipId: text().notNull(),
    visitorId: text().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.shopId, table.day, table.network, table.kind, table.clipId, table.visitorId],
    }),
  ],
);

/**
 * Views counted per shop, UTC day and site (a keyed hash of an IPv4 address or an IPv6 /48): the
 * lock-out bound, so no one site can take a shop to its monthly view limit. Pruned after a day.
 */
export const storefrontSiteCounts = pgTable(
  'storefront_site_counts',
  {
    shopId: shopIdColumn(),
    day: date().notNull(),
    site: text().notNull(),
    views: counter(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day, table.site] })],
);

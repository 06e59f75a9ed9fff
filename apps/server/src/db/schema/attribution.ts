import type { AttributionKind, OrderSource } from '@popstage/core/analytics';
import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { bigintNumber, timestamptz } from './columns';
import { shopIdColumn } from './shops';

/**
 * Orders the app has seen (orders/create webhook or sandbox checkout), one row each however often
 * the order is delivered. Money is in the order's currency, in minor units (cents).
 */
export const storefrontOrders = pgTable(
  'storefront_orders',
  {
    shopId: shopIdColumn(),
    /** The platform's order id (Shopify's numeric id as text). */
    orderId: text().notNull(),
    source: text().$type<OrderSource>().notNull(),
    /** The order's name as the merchant sees it ('#1001'). */
    name: text().notNull(),
    /** The Popstage visitor the order's cart carried (cart attribute), if any. */
    visitorId: text(),
    currency: text().notNull(),
    totalCents: bigintNumber().notNull(),
    /** Credited to Popclips, all kinds together. */
    attributedCents: bigintNumber().notNull().default(0),
    orderedAt: timestamptz().notNull(),
    receivedAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.orderId] }),
    index('storefront_orders_shop_ordered_idx').on(table.shopId, table.orderedAt),
  ],
);

/** The line items of an order credited to a clip, each at most once, with its kind. */
export const orderAttributions = pgTable(
  'order_attributions',
  {
    shopId: shopIdColumn(),
    orderId: text().notNull(),
    lineItemId: text().notNull(),
    /** Product GID ('gid://shopify/Product/1'). */
    productId: text().notNull(),
    /** The credited clip's metaIdentifier. */
    clipId: text().notNull(),
    kind: text().$type<AttributionKind>().notNull(),
    /** The attribution window (days: 1, 7, 30) this credit was computed for. */
    windowDays: smallint().notNull().default(7),
    quantity: integer().notNull(),
    /** The line's price × quantity less its discounts, in the order's currency's minor units. */
    revenueCents: bigintNumber().notNull(),
    currency: text().notNull(),
    orderedAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.shopId, table.orderId, table.windowDays, table.lineItemId],
    }),
    index('order_attributions_shop_ordered_idx').on(table.shopId, table.orderedAt),
    // A clip's credited orders of a window, newest first (Insights' clip page).
    index('order_attributions_shop_clip_window_idx').on(
      table.shopId,
      table.clipId,
      table.windowDays,
      table.orderedAt,
    ),
  ],
);

import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { PlatformProduct } from '../../platform/port';
import { timestamptz } from './columns';
import { shopIdColumn } from './shops';

/**
 * The storefront's copy of the Shopify products its clips tag (docs/decisions.md "Product
 * snapshot"): the feed reads these rows and never asks Shopify while a shopper waits. `product`
 * is null when Shopify no longer has the product (a tombstone, so the feed does not keep asking
 * for it to be refreshed).
 */
export const productSnapshots = pgTable(
  'product_snapshots',
  {
    shopId: shopIdColumn(),
    productId: text().notNull(),
    product: jsonb().$type<PlatformProduct>(),
    refreshedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.productId] })],
);

/** Which of the shop's tagged products are in a collection a collection carousel shows. */
export const collectionSnapshots = pgTable(
  'collection_snapshots',
  {
    shopId: shopIdColumn(),
    collectionId: text().notNull(),
    productIds: jsonb().$type<string[]>().notNull(),
    refreshedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.collectionId] })],
);

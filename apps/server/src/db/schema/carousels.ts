import type { CarouselType } from '@popstage/core/carousels';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
import { shopIdColumn } from './shops';

/**
 * Carousels (spec 02 §3): a shop's group of clips, picked by hand ('custom': clip
 * metaIdentifiers) or by one collection ('collection': its GID). sorted_popclips_ids is the
 * merchant's order (metaIdentifiers).
 */
export const carousels = pgTable(
  'carousels',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    title: text().notNull(),
    type: text().$type<CarouselType>().notNull(),
    typeIds: jsonb().$type<string[]>().notNull(),
    sortedPopclipsIds: jsonb().$type<string[]>().notNull().default([]),
    isPublished: boolean().notNull().default(false),
    /** When it was last published (null while never published or unpublished). */
    publishedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [index('carousels_shop_created_idx').on(table.shopId, table.createdAt)],
);

export type CarouselRow = typeof carousels.$inferSelect;

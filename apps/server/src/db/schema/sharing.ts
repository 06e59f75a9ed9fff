import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
import { popclips } from './popclips';
import { shopIdColumn } from './shops';

/**
 * Share links (spec 02 §2 Share modal): one per clip, generated once. The row outlives its clip
 * (popclip_id set null) so a deleted clip's link still counts toward the month's free shares;
 * its public page then answers 404.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    popclipId: uuid()
      .unique()
      .references(() => popclips.id, { onDelete: 'set null' }),
    metaIdentifier: text().notNull(),
    /** The public /s/{code}: 128 random bits, base64url. */
    code: text().notNull().unique(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index('share_links_shop_created_idx').on(table.shopId, table.createdAt)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;

import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** Popclips settings (spec 02 §3); a shop without a row has the defaults (core). */
export const popclipsSettings = pgTable('popclips_settings', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  hidePopClipsOnPdp: boolean().notNull(),
  showViewsOnPopClips: boolean().notNull(),
  showLikesOnPopClips: boolean().notNull(),
  enableShopFeaturesBuyBtn: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

export type PopclipsSettingsRow = typeof popclipsSettings.$inferSelect;

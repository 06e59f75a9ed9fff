import { boolean, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { shopKeyColumn } from './shops';

/** Popclips settings (spec 02 §3); a shop without a row has the defaults (core). */
export const popclipsSettings = pgTable('popclips_settings', {
  shopId: shopKeyColumn(),
  hidePopClipsOnPdp: boolean().notNull(),
  showViewsOnPopClips: boolean().notNull(),
  showLikesOnPopClips: boolean().notNull(),
  enableShopFeaturesBuyBtn: boolean().notNull(),
  updatedAt: timestamptz().notNull(),
});

export type PopclipsSettingsRow = typeof popclipsSettings.$inferSelect;

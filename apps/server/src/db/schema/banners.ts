import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
import { shopIdColumn } from './shops';

/** Promo banner rules written by Popstage staff (spec 03 §3); not a shop's data. */
export const bannerRules = pgTable('banner_rules', {
  id: uuidKey(),
  ruleName: text().notNull(),
  isActive: boolean().notNull(),
  headingText: text().notNull(),
  /** Sanitised when written. */
  renderHtml: text().notNull(),
  renderUrl: text(),
  isExternalCtaLink: boolean().notNull(),
  ctaText: text().notNull(),
  ctaLink: text().notNull(),
  /** Popclips plan levels; empty: every plan. */
  targetPlans: text().array().notNull(),
  /** Features the shop must all have; empty: no condition. */
  targetFeatures: text().array().notNull(),
  createdAt: timestamptz().notNull(),
  updatedAt: timestamptz().notNull(),
});

/** A shop's dismissal of a banner: kept for good, so it never shows again to that shop. */
export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    shopId: shopIdColumn(),
    ruleId: uuid()
      .notNull()
      .references(() => bannerRules.id, { onDelete: 'cascade' }),
    dismissedAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.ruleId] }), index().on(table.ruleId)],
);

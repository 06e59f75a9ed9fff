import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Offline access tokens the Shopify adapter got by token exchange, one per shop. Kept apart from
 * `shops` on purpose: a token exists before the shop is installed in the app (the first request
 * exchanges it) and is dropped on its own when Shopify rejects it.
 */
export const shopifySessions = pgTable('shopify_sessions', {
  shopDomain: text().primaryKey(),
  accessToken: text().notNull(),
  scope: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ShopifySessionRow = typeof shopifySessions.$inferSelect;

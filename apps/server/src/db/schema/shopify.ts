import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Offline access tokens the Shopify adapter got by token exchange, one per shop. Kept apart from
 * `shops` on purpose: a token exists before the shop is installed in the app (the first request
 * exchanges it) and is dropped on its own when Shopify rejects it. Tokens are expiring (an hour)
 * with a refresh token (90 days); both are stored encrypted (auth/token-cipher.ts).
 */
export const shopifySessions = pgTable('shopify_sessions', {
  shopDomain: text().primaryKey(),
  accessToken: text().notNull(),
  /** The scopes Shopify granted, comma-separated, as it answered. */
  scope: text().notNull(),
  /** Null for a non-expiring token (stored before expiring tokens). */
  expiresAt: timestamp({ withTimezone: true }),
  refreshToken: text(),
  refreshExpiresAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ShopifySessionRow = typeof shopifySessions.$inferSelect;

import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

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
  expiresAt: timestamptz(),
  refreshToken: text(),
  refreshExpiresAt: timestamptz(),
  createdAt: timestamptz().notNull().defaultNow(),
});

export type ShopifySessionRow = typeof shopifySessions.$inferSelect;

/** Webhook deliveries already handled, so a replay changes nothing (Shopify retries). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    webhookId: text().notNull(),
    topic: text().notNull(),
    shopDomain: text().notNull(),
    receivedAt: timestamptz().notNull().defaultNow(),
  },
  // Per shop: the HMAC covers the body, not the headers, so a delivery id resent under another
  // shop's header must not mark the real delivery of that shop as seen (issue 28).
  (table) => [primaryKey({ columns: [table.shopDomain, table.topic, table.webhookId] })],
);

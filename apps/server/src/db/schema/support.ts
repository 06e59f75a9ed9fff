import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shopIdColumn } from './shops';

/** Support requests sent through the sandbox support widget (Zendesk takes them in production). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: shopIdColumn(),
    subject: text().notNull(),
    message: text().notNull(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.shopId, table.createdAt)],
);

import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
import { shopIdColumn } from './shops';

/** Support requests sent through the sandbox support widget (Zendesk takes them in production). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    subject: text().notNull(),
    message: text().notNull(),
    email: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index().on(table.shopId, table.createdAt)],
);

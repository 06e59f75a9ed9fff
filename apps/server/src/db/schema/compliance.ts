import type { CustomerDataExport } from '@popstage/core/compliance';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';
import { shopIdColumn } from './shops';

/**
 * customers/data_request exports for the merchant to download (compliance/data-requests.ts),
 * deleted DATA_REQUEST_RETENTION_DAYS after they arrived, or with the shop.
 */
export const customerDataRequests = pgTable(
  'customer_data_requests',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    /** The webhook's id: a redelivery stores nothing new. */
    webhookId: text().notNull().unique(),
    export: jsonb().$type<CustomerDataExport>().notNull(),
    receivedAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [index('customer_data_requests_shop_received_idx').on(table.shopId, table.receivedAt)],
);

import {
  type CustomerDataExport,
  DATA_REQUEST_RETENTION_DAYS,
  type DataRequestSummary,
  DATA_REQUEST_MESSAGES as M,
} from '@popstage/core/compliance';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerDataRequests, type ShopRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineJob } from '../../jobs/job';

/**
 * customers/data_request exports kept for the merchant (docs/decisions.md "Customer data
 * requests"): stored when the webhook arrives, listed and downloaded from the admin by the shop
 * alone, deleted DATA_REQUEST_RETENTION_DAYS later.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function storeDataRequest(
  db: Db,
  shop: ShopRow,
  webhookId: string,
  data: CustomerDataExport,
  now: Date,
): Promise<void> {
  await db
    .insert(customerDataRequests)
    .values({
      shopId: shop.id,
      webhookId,
      export: data,
      receivedAt: now,
      expiresAt: new Date(now.getTime() + DATA_REQUEST_RETENTION_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: customerDataRequests.webhookId });
}

const kept = (shopId: string, now: Date) =>
  and(eq(customerDataRequests.shopId, shopId), gt(customerDataRequests.expiresAt, now));

export async function listDataRequests(
  db: Db,
  shop: ShopRow,
  now: Date,
): Promise<DataRequestSummary[]> {
  const rows = await db
    .select()
    .from(customerDataRequests)
    .where(kept(shop.id, now))
    .orderBy(desc(customerDataRequests.receivedAt), desc(customerDataRequests.id));
  return rows.map((row) => ({
    id: row.id,
    dataRequestId: row.export.dataRequestId,
    customerId: row.export.customerId,
    receivedAt: row.receivedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ordersRequested: row.export.ordersRequested.length,
    orders: row.export.orders.length,
    events: row.export.storefrontActivity.events.length,
    likes: row.export.storefrontActivity.likes.length,
  }));
}

export async function dataRequestExport(
  db: Db,
  shop: ShopRow,
  id: string,
  now: Date,
): Promise<CustomerDataExport> {
  const [row] = await db
    .select({ export: customerDataRequests.export })
    .from(customerDataRequests)
    .where(and(kept(shop.id, now), eq(customerDataRequests.id, id)));
  if (!row) throw notFound(M.notFound);
  return row.export;
}

export const PRUNE_DATA_REQUESTS_JOB = 'compliance.prune-data-requests';

export const pruneDataRequestsJob = defineJob<Record<string, never>>({
  name: PRUNE_DATA_REQUESTS_JOB,
  retryLimit: 3,
  expireInSeconds: 10 * 60,
  schedule: '17 3 * * *',
  handler: async (_data, { database, clock }) => {
    await database.db
      .delete(customerDataRequests)
      .where(lte(customerDataRequests.expiresAt, clock.now()));
  },
});

import { z } from 'zod';
import { defineRoute } from '../contract/define';

/**
 * customers/data_request, answered for the merchant: what Popstage holds about the customer's
 * orders, kept as a downloadable export (docs/decisions.md "Customer data requests").
 */

/** Days an export is kept after the request arrived; Shopify expects an answer within 30. */
export const DATA_REQUEST_RETENTION_DAYS = 90;

export const customerDataExportSchema = z.object({
  dataRequestId: z.string().nullable(),
  customerId: z.string().nullable(),
  ordersRequested: z.array(z.string()),
  receivedAt: z.string(),
  /** The requested orders Popstage recorded, with the line items credited to clips. */
  orders: z.array(
    z.object({
      orderId: z.string(),
      name: z.string(),
      orderedAt: z.string(),
      currency: z.string(),
      total: z.string(),
      creditedLines: z.array(
        z.object({
          lineItemId: z.string(),
          productId: z.string(),
          clipId: z.string(),
          kind: z.string(),
          attributionWindowDays: z.number().int(),
          quantity: z.number().int(),
          revenue: z.string(),
        }),
      ),
    }),
  ),
  /** What the storefront player recorded for the visitor those orders carried. */
  storefrontActivity: z.object({
    events: z.array(
      z.object({
        type: z.string(),
        clipId: z.string(),
        productId: z.string().nullable(),
        occurredAt: z.string(),
      }),
    ),
    likes: z.array(z.object({ clipId: z.string(), likedAt: z.string() })),
  }),
});
export type CustomerDataExport = z.infer<typeof customerDataExportSchema>;

const dataRequestSummarySchema = z.object({
  id: z.string(),
  dataRequestId: z.string().nullable(),
  customerId: z.string().nullable(),
  receivedAt: z.string(),
  expiresAt: z.string(),
  ordersRequested: z.number().int(),
  orders: z.number().int(),
  events: z.number().int(),
  likes: z.number().int(),
});
export type DataRequestSummary = z.infer<typeof dataRequestSummarySchema>;

export const dataRequestsContract = {
  listDataRequests: defineRoute({
    method: 'GET',
    path: '/api/compliance/data-requests',
    response: z.object({ requests: z.array(dataRequestSummarySchema) }),
    summary: "The shop's customer data requests still kept, newest first",
  }),
  dataRequestExport: defineRoute({
    method: 'GET',
    path: '/api/compliance/data-requests/:id',
    params: z.object({ id: z.uuid() }),
    response: customerDataExportSchema,
    summary: "One request's export (404 when not the shop's or expired)",
  }),
};

export const DATA_REQUEST_MESSAGES = {
  notFound: 'Data request not found',
} as const;

import { z } from 'zod';
import { defineRoute } from '../contract/define';
import { webhookAnswerSchema } from '../contract/webhook';
import {
  customersDataRequestPayloadSchema,
  customersRedactPayloadSchema,
  shopRedactPayloadSchema,
} from './webhooks';

/**
 * Shopify's mandatory compliance webhooks (docs/api.md "App lifecycle and privacy webhooks"):
 * HMAC-verified, the body read only after the signature check, a webhook id seen before answered
 * `{ ok: true, duplicate: true }` without work.
 */
export const complianceContract = {
  customersDataRequest: defineRoute({
    method: 'POST',
    path: '/webhooks/customers/data_request',
    body: customersDataRequestPayloadSchema,
    /** How many of the named orders the app stored, and their visitors' events and likes. */
    response: webhookAnswerSchema(
      z.object({ orders: z.number().int(), events: z.number().int(), likes: z.number().int() }),
    ),
    summary: "Count what the app holds about a customer's orders (logged for support)",
  }),
  customersRedact: defineRoute({
    method: 'POST',
    path: '/webhooks/customers/redact',
    body: customersRedactPayloadSchema,
    response: webhookAnswerSchema(
      z.object({
        orders: z.number().int(),
        visitors: z.number().int(),
        events: z.number().int(),
        likes: z.number().int(),
      }),
    ),
    summary: "Detach the named orders from their visitors and delete those visitors' activity",
  }),
  shopRedact: defineRoute({
    method: 'POST',
    path: '/webhooks/shop/redact',
    body: shopRedactPayloadSchema,
    response: webhookAnswerSchema(
      z.union([
        z.object({ outcome: z.literal('queued') }),
        z.object({
          outcome: z.literal('skipped'),
          // The shop was installed again after Shopify issued the request (X-Shopify-Triggered-At):
          // its token was exchanged since, or Shopify still accepts the app's token.
          reason: z.enum(['reinstalled', 'installed']),
        }),
      ]),
    ),
    summary: 'Queue the deletion of everything stored for an uninstalled shop',
  }),
};

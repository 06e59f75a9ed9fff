import { z } from 'zod';

/**
 * The answer of a Shopify webhook route (POST /webhooks/{topic}, apps/server
 * http/shopify-webhooks.ts): `{ ok: true, duplicate: true }` for a webhook id seen before (no
 * work done), otherwise `{ ok: true, duplicate: false }` with the topic's own fields.
 */
export function webhookAnswerSchema<F extends z.ZodType<Record<string, unknown>>>(fields: F) {
  return z.union([
    z.object({ ok: z.literal(true), duplicate: z.literal(true) }),
    z.intersection(z.object({ ok: z.literal(true), duplicate: z.literal(false) }), fields),
  ]);
}

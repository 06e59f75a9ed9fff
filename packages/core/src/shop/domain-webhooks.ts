import { z } from 'zod';

/**
 * Payloads of the webhooks that tell the app the shop's domains changed, as far as it reads them
 * (unknown fields pass). The app reads the domains back from the Admin API rather than trusting a
 * payload, so webhooks out of order do no harm.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/enums/WebhookSubscriptionTopic
 */

/** shop/update: the Shop resource; `myshopify_domain` is checked against the header's. */
export const shopUpdatePayloadSchema = z.looseObject({
  myshopify_domain: z.string().trim().toLowerCase().min(1).max(255).optional(),
  domain: z.string().max(255).nullish(),
});

/** domains/create, domains/update, domains/destroy: the Domain resource. */
export const domainPayloadSchema = z.looseObject({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)]),
  host: z.string().min(1).max(255),
});

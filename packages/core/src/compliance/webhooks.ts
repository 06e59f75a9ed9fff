import { z } from 'zod';

/**
 * Payloads of Shopify's app lifecycle and mandatory compliance webhooks, as far as the app reads
 * them (unknown fields pass).
 * https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance
 */

/** Shopify ids arrive as JSON integers; kept as text, like the stored order ids. */
const shopifyId = z
  .union([
    z.number().refine(Number.isSafeInteger, 'Expected an integer id').positive(),
    z.string().regex(/^[1-9]\d{0,18}$/, 'Expected a numeric id'),
  ])
  .transform(String);

const shopDomain = z.string().trim().toLowerCase().min(1).max(255);

/** customers/* name the customer; the app stores nothing keyed by it (see docs/decisions.md). */
const customer = z.looseObject({
  id: shopifyId.nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});

/** app/uninstalled: the Shop resource; only its domain is read, to check the header's. */
export const appUninstalledPayloadSchema = z.looseObject({
  myshopify_domain: shopDomain.optional(),
});

/** app/scopes_update: the scopes the shop granted before and now (a merchant approved new ones). */
export const appScopesUpdatePayloadSchema = z.looseObject({
  previous: z.array(z.string().max(100)).max(200).default([]),
  current: z.array(z.string().max(100)).max(200),
});

/** customers/data_request: the orders whose data the merchant must be given. */
export const customersDataRequestPayloadSchema = z.looseObject({
  shop_id: shopifyId,
  shop_domain: shopDomain,
  customer,
  orders_requested: z.array(shopifyId).default([]),
  data_request: z.looseObject({ id: shopifyId }).optional(),
});

/** customers/redact: the orders whose customer data must be erased. */
export const customersRedactPayloadSchema = z.looseObject({
  shop_id: shopifyId,
  shop_domain: shopDomain,
  customer,
  orders_to_redact: z.array(shopifyId).default([]),
});

/** shop/redact: 48 hours after an uninstall, everything stored for the shop goes. */
export const shopRedactPayloadSchema = z.looseObject({
  shop_id: shopifyId,
  shop_domain: shopDomain,
});

import { z } from 'zod';

/**
 * Shopify's products/update (the REST Product resource) and products/delete (only `id`) webhook
 * payloads, as far as the app reads them: which product changed. Its state (status, stock) is
 * read back from the platform by the recount, since deliveries can come late, twice or out of
 * order. Unknown fields pass.
 * https://shopify.dev/docs/api/webhooks (PRODUCTS_UPDATE, PRODUCTS_DELETE)
 */
export const productWebhookPayloadSchema = z.looseObject({
  /** JSON integer; one beyond 2^53 has lost digits in JSON.parse, so the GID is preferred. */
  id: z
    .union([
      z.number().positive().refine(Number.isInteger, 'Expected an integer id'),
      z.string().regex(/^[1-9]\d{0,18}$/, 'Expected a numeric id'),
    ])
    .optional(),
  admin_graphql_api_id: z.string().max(255).optional(),
});
export type ProductWebhookPayload = z.output<typeof productWebhookPayloadSchema>;

const PRODUCT_GID = /^gid:\/\/shopify\/Product\/([1-9]\d{0,18})$/;

/**
 * The changed product's GID, as the app stores tagged products ('gid://shopify/Product/1'):
 * `admin_graphql_api_id`, else `id` when JSON could hold it exactly; null when neither names one.
 */
export function webhookProductGid(payload: ProductWebhookPayload): string | null {
  const fromGid = PRODUCT_GID.exec(payload.admin_graphql_api_id?.trim() ?? '')?.[1];
  if (fromGid) return `gid://shopify/Product/${fromGid}`;
  const { id } = payload;
  if (typeof id === 'string') return `gid://shopify/Product/${id}`;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return `gid://shopify/Product/${id}`;
  return null;
}

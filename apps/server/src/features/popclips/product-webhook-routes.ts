import { productWebhookPayloadSchema, webhookProductGid } from '@popstage/core/storefront';
import type { AppDeps } from '../../deps';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { queueProductClipCounts, storefrontShop } from '../shop';
import { forgetProduct, refreshSnapshotProduct } from '../storefront';
import { productOnShownClips } from './clip-counts-store';

export type ProductChangeOutcome =
  | { outcome: 'queued' }
  | { outcome: 'skipped'; reason: 'unknown_shop' | 'not_tagged' };

/**
 * A product changed or went in Shopify: its page may now show more or fewer clips (draft,
 * archived, sold-out and deleted products are not in the feed). When the product is tagged on a
 * clip the feed carries, the storefront's snapshot of it is updated before the answer (read back
 * from Shopify, so webhooks arriving out of order do no harm; a deleted one becomes a tombstone)
 * and the shop's clip_count metafields are recounted. The recount
 * reads the product back from the platform (a deleted one is left out) and coalesces per shop,
 * so the many products/update an order's stock changes send cost one run at a time. An id that
 * cannot be read exactly recounts the shop. Unknown, deactivated or uninstalled shops: nothing
 * to do (their pages show no clips; reopening or reactivating recounts).
 */
export async function recountForProduct(
  deps: Pick<AppDeps, 'database' | 'queue' | 'platform' | 'clock'>,
  shopDomain: string,
  productId: string | null,
  change: 'update' | 'delete',
): Promise<ProductChangeOutcome> {
  const db = deps.database.db;
  const shop = await storefrontShop(db, shopDomain);
  if (!shop) return { outcome: 'skipped', reason: 'unknown_shop' };
  if (productId !== null && !(await productOnShownClips(db, shop.id, productId))) {
    return { outcome: 'skipped', reason: 'not_tagged' };
  }
  if (productId !== null) {
    if (change === 'delete') await forgetProduct(deps, shop.id, productId);
    else await refreshSnapshotProduct(deps, shop, productId);
  }
  await queueProductClipCounts(deps, shop.id);
  return { outcome: 'queued' };
}

/** A product on none of the feed's clips leaves the feed as it was: its cached copy stays. */
const leavesFeed = (answer: Record<string, unknown> | undefined) => answer?.outcome === 'skipped';

/** PRODUCTS_UPDATE: status, stock, anything else of a product (the sandbox's product edits too). */
export const productUpdateWebhookRoutes = shopifyWebhookRoutes({
  topic: 'products/update',
  payload: productWebhookPayloadSchema,
  leavesFeed,
  handle: (deps, { shopDomain, payload }) =>
    recountForProduct(deps, shopDomain, webhookProductGid(payload), 'update'),
});

/** PRODUCTS_DELETE: `{ id }` only. */
export const productDeleteWebhookRoutes = shopifyWebhookRoutes({
  topic: 'products/delete',
  payload: productWebhookPayloadSchema,
  leavesFeed,
  handle: (deps, { shopDomain, payload }) =>
    recountForProduct(deps, shopDomain, webhookProductGid(payload), 'delete'),
});

/**
 * The shop area's public face: the shop's record (bottom layer: every area may read it), its
 * routes and webhooks, and the product pages' clip-count recount queue.
 */

export { syncAppUrlMetafield } from './app-url-metafield';
export {
  PRODUCT_CLIP_COUNTS_JOB,
  type ProductClipCountsData,
  queueProductClipCounts,
} from './product-clip-counts-queue';
export { reinstalledSince } from './reinstalled-since';
export { shopRoutes } from './routes';
export { storefrontShop } from './served-shop';
export {
  createStorefrontToken,
  deleteShop,
  ensureShop,
  featureFlagsOf,
  findShop,
  updateShop,
} from './service';
export { withShopLock } from './shop-lock';
export { refreshStorefrontDomainsOnLoad } from './storefront-domains';
export {
  domainWebhookRoutes,
  scopesUpdateWebhookRoutes,
  shopUpdateWebhookRoutes,
} from './webhook-routes';

/** The storefront area's public face: the player's API, its jobs, and what other areas may use. */
export { loadStorefrontData } from './data';
export {
  featuredBubbleJob,
  queueFeaturedBubble,
  queueFeaturedBubbleIfFeatured,
} from './featured-bubble';
export { installFeedCache } from './feed-cache';
export { liveShowProducts, snapshotOrFetchProducts } from './live-products';
export {
  forgetProduct,
  refreshCollectionSnapshot,
  refreshSnapshotProduct,
  refreshStorefrontSnapshot,
  rememberProducts,
} from './product-snapshot';
export { pruneEventsJob } from './prune-job';
export { type StorefrontPart, storefrontRoutes } from './routes';
export { viewLimitsJob } from './view-limit-job';
export { signVisitorId } from './visitor-id';
export { toStorefrontClip } from './wire';

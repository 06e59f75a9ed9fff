/** The storefront area's public face: what other areas and the job registry may use. */
export { loadStorefrontData, storefrontShop } from './data';
export {
  forgetProduct,
  refreshCollectionSnapshot,
  refreshSnapshotProduct,
  refreshStorefrontSnapshot,
  rememberProducts,
} from './product-snapshot';
export { pruneEventsJob } from './prune-job';
export { clipCounts, clipLikeCounts, clipViewCounts, knownClipIds } from './store';
export { viewLimitsJob } from './view-limit-job';
export { signVisitorId } from './visitor-id';
export { toStorefrontClip } from './wire';

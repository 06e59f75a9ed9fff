export type {
  StorefrontCarouselAnswer,
  StorefrontClip,
  StorefrontEvent,
  StorefrontEventsAnswer,
  StorefrontEventsBody,
  StorefrontEventType,
  StorefrontFeed,
  StorefrontLiveAnswer,
  StorefrontLiveShow,
  StorefrontPositions,
  StorefrontProduct,
} from './contract';
export {
  STOREFRONT_BODY_LIMIT_BYTES,
  STOREFRONT_LIVE_CACHE_SECONDS,
  STOREFRONT_PREFIX,
  storefrontContract,
  VIEW_DEDUPE_MINUTES,
} from './contract';
// Zod-free: the storefront widget's bundle takes it without the contract's schemas.
export {
  LIKES_PER_ADDRESS_CLIP_DAY,
  SIGNED_VISITOR_ID,
  STOREFRONT_EVENTS_MAX,
  VIEWS_PER_ADDRESS_CLIP_DAY,
  VIEWS_PER_SITE_DAY,
  VISITOR_ID_DAYS,
  VISITORS_PER_ADDRESS_HOUR,
  VISITORS_PER_SITE_HOUR,
  visitorIdExpiresAt,
} from './limits';
export type { StorefrontDevice } from './product-page';
export {
  PRODUCT_ROW_MIN_HEIGHT,
  productKey,
  productPageClipCounts,
  productPageClips,
} from './product-page';
export { productWebhookPayloadSchema, webhookProductGid } from './product-webhook';
export {
  type ConnectionHints,
  chooseSource,
  defaultSource,
  type VideoSource,
} from './renditions';
export { type VideoFacts, videoJsonLdText, videoObject } from './video-object';

export type {
  StorefrontCarouselAnswer,
  StorefrontClip,
  StorefrontEvent,
  StorefrontEventsAnswer,
  StorefrontEventsBody,
  StorefrontEventType,
  StorefrontFeed,
  StorefrontPositions,
  StorefrontProduct,
} from './contract';
export {
  STOREFRONT_BODY_LIMIT_BYTES,
  STOREFRONT_EVENTS_MAX,
  STOREFRONT_PREFIX,
  storefrontContract,
  VIEW_DEDUPE_MINUTES,
} from './contract';
export type { StorefrontDevice } from './product-page';
export {
  PRODUCT_ROW_MIN_HEIGHT,
  productKey,
  productPageClipCounts,
  productPageClips,
} from './product-page';
export { productWebhookPayloadSchema, webhookProductGid } from './product-webhook';

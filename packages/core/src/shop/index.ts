export type { ShopDetails, ShopPositions } from './contract';
export { shopContract } from './contract';
export { isShopDomain } from './domain';
export { domainPayloadSchema, shopUpdatePayloadSchema } from './domain-webhooks';
export { ACCESS_DENIED_TITLE, openWhileDeactivated, shopIsServed } from './serving';
export type { ShopInfoKey } from './shop-info';
export type {
  FeatureFlagName,
  FeatureFlags,
  FeatureId,
  Money,
  PendingSubscription,
  Shop,
  ShopConnection,
  Subscription,
  SubscriptionLineItem,
} from './types';
export {
  FEATURE_FLAG_NAMES,
  FEATURE_IDS,
  moneySchema,
  pendingSubscriptionSchema,
  subscriptionLineItemSchema,
  subscriptionSchema,
} from './types';

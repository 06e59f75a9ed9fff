export { shopContract } from './contract';
export { isShopDomain, shopDomainSchema } from './domain';
export { shopIsServed } from './serving';
export type { PlayerPosition, PlayerPositionKey, ShopInfoKey } from './shop-info';
export { PLAYER_POSITION_KEYS, playerPositionSchema, shopInfoBodySchema } from './shop-info';
export type {
  FeatureFlagName,
  FeatureFlags,
  FeatureId,
  GetStartedEvent,
  GetStartedStatus,
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
  GET_STARTED_EVENTS,
  shopSchema,
  subscriptionSchema,
} from './types';

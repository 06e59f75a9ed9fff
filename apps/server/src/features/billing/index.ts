/** The billing area's public face: what other areas may use. */

export {
  endDiscountCode,
  insertDiscountCode,
  listDiscountCodes,
  seedDiscountCodes,
} from './discount-code-store';
export {
  overViewLimit,
  popclipsGating,
  readViewLimit,
  storedLimitApplies,
  viewLimitFacts,
  viewsPeriod,
  viewsSince,
} from './gating';
export { billingOffer } from './offer';
export { planFacts } from './plan-facts';
export { proposePlanChange } from './service';
export { shopBillingState } from './shop-billing-state';
export { activeSubscription, cancelOpenSubscriptions, withShopLock } from './subscription-store';
export { syncShopSubscriptions } from './sync';

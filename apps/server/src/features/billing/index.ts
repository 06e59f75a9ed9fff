/** The billing area's public face: its routes and webhook, and what other areas may use. */

export {
  endDiscountCode,
  insertDiscountCode,
  listDiscountCodes,
  seedDiscountCodes,
} from './discount-codes';
export {
  overViewLimit,
  popclipsGating,
  readViewLimit,
  storedLimitApplies,
  viewLimitFacts,
  viewsPeriod,
  viewsSince,
} from './gating';
export { liveFeeChargeJob, liveFeeSweepJob } from './live-fee-job';
export { billingOffer } from './offer';
export { planFacts } from './plan-facts';
export { billingReturnRoutes } from './return-routes';
export { billingRoutes } from './routes';
export { cancelShopSubscriptions, proposePlanChange } from './service';
export { shopBillingState } from './shop-billing-state';
export { webhookRoutes as billingWebhookRoutes } from './webhook-routes';

export { addonAttributeValue, addonPrice, highestAddonPrice } from './addons';
export type {
  Addon,
  Catalogue,
  DiscountCode,
  DiscountKind,
  Feature,
} from './catalogue';
export { DISCOUNT_KINDS, parseCatalogue } from './catalogue';
export { displayFeatures, findAddon, findPlan, publicAddons, publicPlans } from './catalogue-read';
export { amountToCents, centsToAmount, isZeroAmount, sumAmounts } from './cents';
export {
  CUSTOMISED_PLAN_MESSAGE,
  checkCheckout,
  EMPTY_SELECTION_MESSAGE,
  isCustomisedPlan,
} from './checkout';
export type { CheckoutReasonFacts } from './checkout-reason';
export { checkoutReason } from './checkout-reason';
export {
  BASIC_PRICE,
  BILLING_INTERVAL_DAYS,
  LIVE_SUCCESS_FEE_PERCENT,
  PREMIUM_PRICE,
  REPLAYS_KEPT_MONTHS,
  STANDARD_PLAN_SKU,
} from './constants';
export type {
  AdjustmentAmount,
  DiscountCodeInfo,
  LiveFeeRow,
  LiveFeeStatus,
  LiveFees,
  Plan,
  PopclipsGatingWire,
  PurchaseResult,
  SubscriptionDraft,
} from './contract';
export { billingContract, LIVE_FEE_STATUSES } from './contract';
export type { PricedOrder } from './discount';
export { discountCodeStatus, priceOrder, toDiscountCodeInfo } from './discount';
export { normaliseDiscountCode } from './discount-code';
export { planDisplayName } from './free-plan';
export type { MobileAppCardFacts, RecommendedFeatureState } from './landing-cards';
export {
  advanceRecommendedFeature,
  MOBILE_APP_CARD_BUTTONS,
  mobileAppCardState,
  RECOMMENDED_FEATURE_TICK_MS,
  recommendedFeatureProgress,
} from './landing-cards';
export { formatLimit, formatLiveEventsLimit, isUnlimited, normaliseLimit } from './limits';
export type { LiveFee, LiveFeeLine } from './live-fee';
export {
  isWellFormedShowId,
  LIVE_FEE_CAPPED_AMOUNT,
  LIVE_FEE_TERMS,
  LIVE_FEE_TEXT,
  liveFeeBalanceText,
  liveFeeDescription,
  liveFeeIdempotencyKey,
  liveFeeMinorUnits,
  liveFeeOfOrder,
  minorUnitsToAmount,
} from './live-fee';
export { BILLING_MESSAGES, CHARGE_DECLINED_QUERY } from './messages';
export type { MobilePlanName } from './mobile-plans';
export {
  MOBILE_CONTACT_SALES_TEXT,
  mobileDownloadsText,
  mobilePlanName,
  mobileShowsContactSales,
  supportsAndroid,
} from './mobile-plans';
export type { PopclipsCapability, PopclipsPlanLevel } from './plan-level';
export {
  hasPopclipsCapability,
  isMobileHigherTier,
  isWhiteLabelUpgradeHidden,
  monthlyShareLimit,
  POPCLIPS_CAPABILITY_LEVEL,
  POPCLIPS_PLAN_LEVELS,
  popclipsCarouselButton,
  popclipsPlanLevel,
} from './plan-level';
export { subscriptionName } from './plan-name';
export type { PlanChoices } from './plan-selection';
export { initialPlanSelection, planSelectionReducer, selectedAddonIds } from './plan-selection';
export {
  downgradeText,
  isUpgradePrice,
  prorateDowngrade,
  proratedChargeText,
  prorateUpgrade,
} from './proration';
export type { PopclipsGating } from './views-limit';
export {
  effectiveLimitAccess,
  freeOrBasicViewLimits,
  isPopclipsCreationBlocked,
  parseGatingWire,
  shouldShowViewsLimitModal,
  toGatingWire,
  viewsLimitBannerText,
} from './views-limit';

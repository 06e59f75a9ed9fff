import type { FeatureId, Money, Subscription, SubscriptionLineItem } from '../shop/types';

/** Wire types of plans and billing (spec 01 §3, §7). Money amounts are decimal strings. */

export const ADDON_ATTRIBUTE_IDS = [
  'popclips.monthlyViews.max',
  'mobile.appDownloads.max',
  'live.monthlyLiveEvents.max',
] as const;
export type AddonAttributeId = (typeof ADDON_ATTRIBUTE_IDS)[number];

export interface AddonAttribute {
  attributeId: AddonAttributeId;
  /** -1 means unlimited (UNLIMITED_INTERNAL once normalised). */
  value: number;
  displayValue: string;
  addonId: string;
}

export interface Addon {
  id: string;
  skuCode: string;
  name: string;
  featureId: FeatureId;
  visibility: 'public' | 'private';
  price: Money[];
  attributes: AddonAttribute[];
}

export interface Plan {
  id: string;
  name: string;
  skuCode: string;
  type: FeatureId | 'bundle';
  price: Money[];
  addons: Addon[];
}

export interface Feature {
  id: FeatureId;
  name: string;
  description: string;
}

/** Selected plan choice (spec 01 §3). */
export interface SelectedPlanChoice {
  planId: string;
  type: FeatureId;
  skuCode: string;
}

export interface SubscriptionDraft {
  id: string;
  planId: string;
  addonIds: string[];
  discountCode: string | null;
  lineItems: SubscriptionLineItem[];
  subscriptionSubtotal: Money;
  subscriptionTotal: Money;
  subscriptionDiscount: Money | null;
  subscriptionDiscountPercentage: number | null;
  createdAt: string;
}

/** Answer of the purchase calls: where the merchant approves, and the subscription it creates. */
export interface PurchaseResult {
  confirmationUrl: string | null;
  subscription: Subscription;
}

export interface AdjustmentAmount {
  adjustmentAmount: string;
  nextBillingDate: string;
  newPlanPrice: string;
  currentPlanPrice: string;
}

/** GET /api/shopify/shop/popclips/gating answers { data: PopclipsGatingWire } (spec 02 wire names). */
export interface PopclipsGatingWire {
  /** '-1' unlimited, else the formatted limit, e.g. '15,000'. */
  max_views: string;
  total_views: number;
  limit_access: boolean;
  start_date_of_views_count: string;
  type_of_date: 'subscription' | 'calendar_month';
}

export const CHECKOUT_REASONS = [
  'first_ever',
  'upgrade_gated',
  'upgrade_spontaneous',
  'upgrade_action',
  'downgrade_companydriven',
  'downgrade_userenforced',
  'other',
] as const;
export type CheckoutReason = (typeof CHECKOUT_REASONS)[number];

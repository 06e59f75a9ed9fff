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

/** How a discount code reduces the order (catalogue discountCodes, spec 01 §4). */
export const DISCOUNT_KINDS = ['percentage', 'fixed_amount', 'free_popclips_addon'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

interface DiscountCodeCommon {
  /** Upper-case, trimmed (normaliseDiscountCode). */
  code: string;
  description: string;
  /** Features whose add-on lines the code reduces (free_popclips_addon: one must be selected). */
  appliesTo: FeatureId[];
  startsAt: string;
  /** null = open-ended. */
  endsAt: string | null;
  /** null = unlimited. */
  maxRedemptions: number | null;
}

/** percentage: whole percent 1..100; fixed_amount: decimal string; free_popclips_addon: null. */
export type DiscountCode = DiscountCodeCommon &
  (
    | { kind: 'percentage'; value: number }
    | { kind: 'fixed_amount'; value: string }
    | { kind: 'free_popclips_addon'; value: null }
  );

/** GET /api/billing/discount-codes/{code} answer. */
export interface DiscountCodeInfo {
  code: string;
  kind: DiscountKind;
  appliesTo: FeatureId[];
  freePopclipsAddon: boolean;
}

/** A plan as the catalogue file keeps it: add-ons by id, and whether new shops may buy it. */
export interface CataloguePlan extends Omit<Plan, 'addons'> {
  visibility: 'public' | 'private';
  addonIds: string[];
}

/** apps/server/src/catalogue.v1.json, validated by catalogueSchema. */
export interface Catalogue {
  version: 1;
  currency: string;
  /** Stored third-first-second: the API reorders them to popclips, mobile, live. */
  features: Feature[];
  plans: CataloguePlan[];
  addons: Addon[];
  discountCodes: DiscountCode[];
}

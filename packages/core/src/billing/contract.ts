import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import {
  FEATURE_IDS,
  moneySchema,
  subscriptionLineItemSchema,
  subscriptionSchema,
} from '../shop/types';
import { addonSchema, DISCOUNT_KINDS, featureSchema, planFields } from './catalogue';
import { isAmount } from './cents';

/** Plans and billing calls of spec 01 §3, §7 (docs/api.md "Billing"). The shop is the token's. */

/** A plan as GET /api/billing/plans answers it: its add-ons in full, in the plan's order. */
const planSchema = z.object({ ...planFields, addons: z.array(addonSchema) });
export type Plan = z.infer<typeof planSchema>;

/** GET /api/billing/discount-codes/{code}: what the admin needs to show an applied code. */
const discountCodeInfoSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  appliesTo: z.array(z.enum(FEATURE_IDS)),
  freePopclipsAddon: z.boolean(),
});
export type DiscountCodeInfo = z.infer<typeof discountCodeInfoSchema>;

/**
 * GET adjustment-amount: the prorated charge of an upgrade, or for a downgrade (nothing charged
 * today) the credit Shopify gives for the days left of the current cycle (decimal strings).
 */
const adjustmentAmountSchema = z.object({
  adjustmentAmount: z.string(),
  nextBillingDate: z.string(),
  newPlanPrice: z.string(),
  currentPlanPrice: z.string(),
  /** Downgrades: (current − new) × days left / 30, Shopify's app credit. */
  creditAmount: z.string().optional(),
  /** Downgrades: whole days left of the current 30-day cycle. */
  remainingDays: z.number().int().min(0).max(30).optional(),
});
export type AdjustmentAmount = z.infer<typeof adjustmentAmountSchema>;

/** A priced, stored selection the merchant confirms in the checkout modal. */
const subscriptionDraftSchema = z.object({
  id: z.string(),
  planId: z.string(),
  addonIds: z.array(z.string()),
  discountCode: z.string().nullable(),
  lineItems: z.array(subscriptionLineItemSchema),
  subscriptionSubtotal: moneySchema,
  subscriptionTotal: moneySchema,
  subscriptionDiscount: moneySchema.nullable(),
  subscriptionDiscountPercentage: z.number().nullable(),
  createdAt: z.string(),
});
export type SubscriptionDraft = z.infer<typeof subscriptionDraftSchema>;

/** Answer of the purchase calls: where the merchant approves, and the subscription it creates. */
const purchaseResultSchema = z.object({
  confirmationUrl: z.string().nullable(),
  subscription: subscriptionSchema,
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/** GET /api/shopify/shop/popclips/gating's data (spec 02 wire names). */
const popclipsGatingWireSchema = z.object({
  /** '-1' unlimited, else the formatted limit, e.g. '15,000'. */
  max_views: z.string(),
  total_views: z.number(),
  limit_access: z.boolean(),
  start_date_of_views_count: z.string(),
  type_of_date: z.enum(['subscription', 'calendar_month']),
});
export type PopclipsGatingWire = z.infer<typeof popclipsGatingWireSchema>;

const id = z.string().trim().min(1).max(100);
const amount = z.string().trim().refine(isAmount, 'Must be an amount like 29.99');
/** A shop's myshopify.com domain (what session tokens name). */
const shopDomain = z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Invalid shop domain');

/** POST subscription/draft. shopifyDomain must be the session's shop (403 otherwise). */
const draftBodySchema = z.object({
  shopifyDomain: shopDomain,
  planId: id,
  extraAddonIds: z.array(id).max(10).default([]),
  discountCode: z.string().max(64).nullish(),
});

/** Where the platform sends the merchant back after approving or declining a charge. */
const billingReturnQuerySchema = z.object({
  shop: shopDomain,
  charge_id: z.string().max(100).optional(),
});

/** The live success fee of one order (one usage charge at most, issue 32). */
export const LIVE_FEE_STATUSES = ['pending', 'charged', 'not_billable'] as const;
export type LiveFeeStatus = (typeof LIVE_FEE_STATUSES)[number];

const liveFeeSchema = z.object({
  orderId: z.string(),
  orderName: z.string(),
  showId: z.string(),
  /** What the order's live lines add up to, in the order's currency. */
  revenue: moneySchema,
  fee: moneySchema,
  status: z.enum(LIVE_FEE_STATUSES),
  /** Why a fee is not billable (no usage line item, another currency than the cap's...). */
  reason: z.string().nullable(),
  /** The Shopify usage record's id once charged. */
  usageRecordId: z.string().nullable(),
  orderedAt: z.string(),
  chargedAt: z.string().nullable(),
});
export type LiveFeeRow = z.infer<typeof liveFeeSchema>;

/** GET /api/billing/live-fees: the shop's fees, newest first, and its usage line item's state. */
const liveFeesSchema = z.object({
  /** Null when the shop's active plan has no usage line item (no live add-on). */
  cappedAmount: moneySchema.nullable(),
  /** What the current 30-day interval's usage charges add up to, as Shopify reports it. */
  balanceUsed: moneySchema.nullable(),
  terms: z.string().nullable(),
  fees: z.array(liveFeeSchema),
});
export type LiveFees = z.infer<typeof liveFeesSchema>;

export const billingContract = {
  plans: defineRoute({
    method: 'GET',
    path: '/api/billing/plans',
    response: z.array(planSchema),
    summary: 'The public plans with their add-ons',
  }),
  plan: defineRoute({
    method: 'GET',
    path: '/api/billing/plans/:planId',
    params: z.object({ planId: id }),
    response: planSchema,
    summary: 'One public plan (404 for unknown and private ones)',
  }),
  addons: defineRoute({
    method: 'GET',
    path: '/api/billing/addons',
    response: z.array(addonSchema),
    summary: 'The public add-ons',
  }),
  features: defineRoute({
    method: 'GET',
    path: '/api/billing/features',
    response: z.array(featureSchema),
    summary: 'The features in display order (popclips, mobile, live)',
  }),
  discountCode: defineRoute({
    method: 'GET',
    path: '/api/billing/discount-codes/:code',
    params: z.object({ code: z.string().max(64) }),
    response: discountCodeInfoSchema,
    summary: 'A usable discount code, trimmed and upper-cased (404 when not applicable)',
  }),
  adjustmentAmount: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/subscription/adjustment-amount',
    query: z.object({ currentPlanPrice: amount, newPlanPrice: amount }),
    response: adjustmentAmountSchema,
    summary: 'The prorated charge of an upgrade over the 30-day cycle (400 for a downgrade)',
  }),
  draft: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/subscription/draft',
    body: draftBodySchema,
    response: subscriptionDraftSchema,
    summary: 'Prices and stores a plan + add-ons selection with an optional discount code',
  }),
  purchase: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/subscription',
    body: z.object({ draftId: z.uuid() }),
    response: purchaseResultSchema,
    summary: 'A charge to approve for a draft, or a free plan activated at once',
  }),
  purchasePending: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/subscription/purchase-url',
    body: z.object({ pendingSubscriptionId: z.uuid().optional() }),
    response: purchaseResultSchema,
    summary: 'The purchase link of the plan change Popstage proposed (404 when there is none)',
  }),
  gating: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/popclips/gating',
    response: dataAnswer(popclipsGatingWireSchema),
    summary: "The popclips view limit against the period's views",
  }),
  liveFees: defineRoute({
    method: 'GET',
    path: '/api/billing/live-fees',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
    response: liveFeesSchema,
    summary: "The shop's live success fees (newest first) with the usage cap and balance used",
  }),
  billingReturn: defineRoute({
    method: 'GET',
    path: '/billing/return',
    query: billingReturnQuerySchema,
    /** Answered with a 303 to the admin, no body; no session token (a top-level redirect). */
    response: z.undefined(),
    summary: "Re-reads the shop's subscriptions from the platform, then 303 to the admin",
  }),
};

import { z } from 'zod';
import { ATTRIBUTION_KINDS } from '../analytics/attribution-kinds';
import { defineRoute } from '../contract/define';
import { isShopDomain } from '../shop/domain';
import { FEATURE_FLAG_NAMES, featureFlagsSchema, mobileReviewSchema } from '../shop/types';

/**
 * The app's HTTP API for Popstage staff (/operator/api): what is not Shopify's to decide about a
 * shop (feature flags, company-driven plan changes, the branded-app request's review state, the
 * app's data). Called with the operator credential (`Authorization: Bearer`); the local Shopify's
 * control page uses it in sandbox mode, and the operator console puts its screens in front of it.
 */

/** Presets of the branded-app request's review state, reachable without the real build service. */
export const MOBILE_PRESETS = [
  'none',
  'submitted',
  'ios_live',
  'blocked',
  'customer_action',
] as const;
export type MobilePreset = (typeof MOBILE_PRESETS)[number];

const shopDomain = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const shopParams = z.object({ shop: shopDomain });
const catalogueId = z.string().min(1).max(100);
const isoDate = z.string().nullable();

const mobileAppRequestSchema = mobileReviewSchema.extend({
  submittedAt: isoDate,
  updatedAt: z.string(),
});

/** The app's side of one shop, as staff see it. */
const operatorShopSchema = z.object({
  domain: z.string(),
  /** The app has a shop row and is not uninstalled. */
  installed: z.boolean(),
  installedAt: isoDate,
  /** When the app was uninstalled; its data stays until shop/redact or a reset. */
  uninstalledAt: isoDate,
  featureFlags: featureFlagsSchema,
  mobileAppRequest: mobileAppRequestSchema.nullable(),
  /** The branded app's public id (/mobile/v1/config/:id), once the shop has a mobile config. */
  mobileAppId: z.string().nullable(),
});
export type OperatorShop = z.infer<typeof operatorShopSchema>;

const priceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceAmount: z.string(),
  currencyCode: z.string(),
});
export type PriceOption = z.infer<typeof priceOptionSchema>;

const billingOfferSchema = z.object({
  /** Public plans a company-driven change may propose. */
  plans: z.array(priceOptionSchema),
  /** Public add-ons grouped by feature in catalogue order; at most one is chosen per feature. */
  features: z.array(
    z.object({ id: z.string(), name: z.string(), addons: z.array(priceOptionSchema) }),
  ),
  discountCodes: z.array(
    z.object({
      code: z.string(),
      description: z.string(),
      kind: z.string(),
      value: z.string().nullable(),
      startsAt: z.string(),
      endsAt: isoDate,
      maxRedemptions: z.number().int().nullable(),
    }),
  ),
});
export type OperatorBillingOffer = z.infer<typeof billingOfferSchema>;

const orderAttributionSchema = z.object({
  /** False when the app is not installed on the shop, or uninstalled (nothing is credited). */
  installed: z.boolean(),
  /** The app has the order (its orders/create webhook was processed). */
  received: z.boolean(),
  lines: z.array(
    z.object({
      lineItemId: z.string(),
      productId: z.string(),
      clipId: z.string(),
      /** Null when the clip has been deleted since. */
      clipTitle: z.string().nullable(),
      kind: z.enum(ATTRIBUTION_KINDS),
      quantity: z.number().int(),
      revenueCents: z.number().int(),
      currency: z.string(),
    }),
  ),
});
export type OperatorOrderAttribution = z.infer<typeof orderAttributionSchema>;

export const flagsPatchSchema = z
  .partialRecord(z.enum(FEATURE_FLAG_NAMES), z.boolean())
  .refine((flags) => Object.keys(flags).length > 0, 'Name at least one feature flag');

export const planChangeProposalSchema = z
  .object({ planId: catalogueId, addonIds: z.array(catalogueId).max(20) })
  .strict();

const shopAnswer = z.object({ shop: operatorShopSchema });

/** The platform states staff set on a branded-app request (spec 03 §4), any case. */
export const MOBILE_PLATFORM_STATES = [
  'PENDING',
  'IN PROGRESS',
  'NEW',
  'REVIEW',
  'LIVE',
  'BLOCKED',
] as const;
const platformState = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(MOBILE_PLATFORM_STATES, { error: 'Unknown app state' }))
  .nullable();
const storeLink = z
  .url({ protocol: /^https$/, error: 'A store link is an https URL' })
  .max(500)
  .nullable();
const staffNote = z.string().trim().min(1).max(1000).nullable();

export const mobileRequestChangeSchema = z
  .object({
    iosStatus: platformState,
    androidStatus: platformState,
    iosLink: storeLink,
    androidLink: storeLink,
    customerIssue: staffNote,
    blockedDescription: staffNote,
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Name at least one field to change');
export type MobileRequestChange = z.infer<typeof mobileRequestChangeSchema>;

export const operatorContract = {
  shop: defineRoute({
    method: 'GET',
    path: '/operator/api/shops/:shop',
    params: shopParams,
    response: shopAnswer,
    summary: "The app's side of a shop: installation, feature flags, branded-app request",
  }),
  setFeatureFlags: defineRoute({
    method: 'PATCH',
    path: '/operator/api/shops/:shop/feature-flags',
    params: shopParams,
    body: flagsPatchSchema,
    response: shopAnswer,
    summary: 'Sets the named feature flags (installing the app first), one atomic merge',
  }),
  proposePlanChange: defineRoute({
    method: 'POST',
    path: '/operator/api/shops/:shop/plan-change-proposals',
    params: shopParams,
    body: planChangeProposalSchema,
    response: shopAnswer,
    status: 201,
    summary: 'A company-driven plan change, pending until the merchant accepts it in the admin',
  }),
  setMobileAppState: defineRoute({
    method: 'PUT',
    path: '/operator/api/shops/:shop/mobile-app-request',
    params: shopParams,
    body: z.object({ preset: z.enum(MOBILE_PRESETS) }).strict(),
    response: shopAnswer,
    summary: 'Puts the branded-app request in a preset review state (installing the app first)',
  }),
  changeMobileAppRequest: defineRoute({
    method: 'PATCH',
    path: '/operator/api/shops/:shop/mobile-app-request',
    params: shopParams,
    body: mobileRequestChangeSchema,
    response: shopAnswer,
    summary:
      "Sets a submitted request's platform states, store links, customer issue or blocked reason",
  }),
  mobileAppRequestHistory: defineRoute({
    method: 'GET',
    path: '/operator/api/shops/:shop/mobile-app-request/history',
    params: shopParams,
    response: z.object({
      history: z.array(
        z.object({
          actor: z.enum(['merchant', 'staff']),
          change: z.record(z.string(), z.unknown()),
          at: z.string(),
        }),
      ),
    }),
    summary: "The request's submission and every staff change, newest first",
  }),
  forgetShop: defineRoute({
    method: 'DELETE',
    path: '/operator/api/shops/:shop',
    params: shopParams,
    response: z.object({ deleted: z.boolean() }),
    summary: 'Deletes everything the app stored for a shop at once (a fresh install follows)',
  }),
  billingOffer: defineRoute({
    method: 'GET',
    path: '/operator/api/billing/offer',
    response: billingOfferSchema,
    summary: "The catalogue's public plans and add-ons, and the discount codes",
  }),
  orderAttribution: defineRoute({
    method: 'GET',
    path: '/operator/api/shops/:shop/orders/:orderId/attribution',
    params: shopParams.extend({ orderId: z.string().regex(/^\d{1,20}$/, 'Invalid order id') }),
    response: orderAttributionSchema,
    summary: 'What the app credited to Popclips for one order',
  }),
};

import { z } from 'zod';
import type { MobileAppCardFacts } from '../billing/landing-cards';
import type { MobileStatusFacts } from '../mobile/status-banners';
import { getStartedStatusSchema } from '../onboarding/events';

/** The Shop entity of spec 01 §3 as the server answers it; its types are these schemas' own. */

export const FEATURE_FLAG_NAMES = [
  'deactivate_shop',
  'looker_dashboard',
  'popclips_analytics_dashboard',
  'disable_push_notification',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
export const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<
    FeatureFlagName,
    z.ZodBoolean
  >,
);
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const FEATURE_IDS = ['popclips', 'mobile', 'live'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const moneySchema = z.object({ amount: z.string(), currencyCode: z.string() });
export type Money = z.infer<typeof moneySchema>;

export const subscriptionLineItemSchema = z.object({
  type: z.enum(['plan', 'addon', 'discount']),
  item: z.record(z.string(), z.unknown()),
  discountCode: z.string().optional(),
});
export type SubscriptionLineItem = z.infer<typeof subscriptionLineItemSchema>;

const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'DECLINED', 'CANCELLED', 'REPLACED'] as const;

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: z.string(),
  /** The add-ons bought with the plan (also in lineItems), for pre-selecting the plan pickers. */
  addonIds: z.array(z.string()),
  /** When the merchant approved it (the billing cycle counts from here); null until then. */
  activatedAt: z.string().nullable(),
  subscriptionSubtotal: moneySchema,
  subscriptionTotal: moneySchema,
  subscriptionDiscount: moneySchema.nullable(),
  subscriptionDiscountPercentage: z.number().nullable(),
  isStubSubscription: z.boolean(),
  confirmationUrl: z.string().nullable(),
  createdAt: z.string(),
  lineItems: z.array(subscriptionLineItemSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const pendingSubscriptionSchema = z.object({
  id: z.string(),
  draft: z.object({ id: z.string(), lineItems: z.array(subscriptionLineItemSchema) }),
});
export type PendingSubscription = z.infer<typeof pendingSubscriptionSchema>;

const shopConnectionSchema = z.object({
  type: z.enum(['commentsold', 'popshoplive']),
  storeAccount: z.object({ email: z.string() }).nullish(),
  sellerId: z.string().nullish(),
});
export type ShopConnection = z.infer<typeof shopConnectionSchema>;

const shopConfigSchema = z.object({
  dataLakeUrl: z.string().nullable(),
  helpWidgetKey: z.string().nullable(),
  popclipsServiceUrl: z.string(),
  serviceUrls: z.record(z.string(), z.string()),
  livePlatformAuth: z.object({ clientId: z.string(), domain: z.string() }).nullable(),
  supportEmail: z.string(),
  helpCenterUrl: z.string(),
});

/** The branded-app request's review state (all null before a request), as staff set it. */
export const mobileReviewSchema = z.object({
  iosStatus: z.string().nullable(),
  androidStatus: z.string().nullable(),
  iosLink: z.string().nullable(),
  androidLink: z.string().nullable(),
  customerIssue: z.string().nullable(),
  blockedDescription: z.string().nullable(),
}) satisfies z.ZodType<MobileStatusFacts>;

/** The review state and whether a request was sent: drives landing and nav. */
const mobileAppFactsSchema = mobileReviewSchema.extend({
  requestSubmitted: z.boolean().nullable(),
}) satisfies z.ZodType<MobileAppCardFacts>;

/** GET /api/shopify/shop: stored shop state joined with live platform state. */
export const shopSchema = z.object({
  shopifyDomain: z.string(),
  primaryDomainUrl: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  shopName: z.string(),
  shopHandle: z.string(),
  currency: z.string(),
  csToken: z.string().nullable(),
  storefrontAccessToken: z.string().nullable(),
  dashboardUrl: z.string().nullable(),
  embedEnabled: z.boolean(),
  livePageCreated: z.boolean(),
  subscriptionActive: z.boolean(),
  subscription: subscriptionSchema.nullable(),
  pendingSubscription: pendingSubscriptionSchema.nullable(),
  config: shopConfigSchema,
  featureFlags: featureFlagsSchema,
  featuredPopclipId: z.string().nullable(),
  appRequestId: z.string().nullable(),
  appRequestSkIdentifier: z.string().nullable(),
  skippedFirstPopclipsCreation: z.boolean(),
  /** Whether the shop has created at least one Popclip (drives the get-started guard). */
  firstPopclipCreated: z.boolean(),
  installedAt: z.string(),
  shopifyShopCreatedAt: z.string(),
  onBoardedOn: z.string().nullable(),
  enabledFeatures: z.array(z.enum(FEATURE_IDS)),
  activePlan: z.object({ skuCode: z.string() }).nullable(),
  progressPercentage: z.number(),
  publishedProductsToSalesChannelCount: z.number(),
  csStoreCreated: z.boolean(),
  popshopliveAccountCreated: z.boolean(),
  connections: z.array(shopConnectionSchema),
  getStartedStatus: getStartedStatusSchema,
  mobileApp: mobileAppFactsSchema,
  info: z.record(z.string(), z.unknown()),
});
export type Shop = z.infer<typeof shopSchema>;

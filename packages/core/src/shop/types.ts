import type { MobileAppCardFacts } from '../billing/landing-cards';

/** Wire types of the Shop entity (spec 01 §3), shared by server and admin. */

export const FEATURE_FLAG_NAMES = [
  'deactivate_shop',
  'looker_dashboard',
  'popclips_analytics_dashboard',
  'disable_push_notification',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;

export const FEATURE_IDS = ['popclips', 'mobile', 'live'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const GET_STARTED_EVENTS = [
  'STEP_ENABLE_VIDEEO_SDK',
  'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC',
  'STEP_ADD_YOUR_FIRST_POPCLIP',
  'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
] as const;
export type GetStartedEvent = (typeof GET_STARTED_EVENTS)[number];

export interface Money {
  amount: string;
  currencyCode: string;
}

export interface SubscriptionLineItem {
  type: 'plan' | 'addon' | 'discount';
  item: Record<string, unknown>;
  discountCode?: string;
}

export interface Subscription {
  id: string;
  status: 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'REPLACED';
  planId: string;
  /** The add-ons bought with the plan (also in lineItems), for pre-selecting the plan pickers. */
  addonIds: string[];
  /** When the merchant approved it (the billing cycle counts from here); null until then. */
  activatedAt: string | null;
  subscriptionSubtotal: Money;
  subscriptionTotal: Money;
  subscriptionDiscount: Money | null;
  subscriptionDiscountPercentage: number | null;
  isStubSubscription: boolean;
  confirmationUrl: string | null;
  createdAt: string;
  lineItems: SubscriptionLineItem[];
}

export interface PendingSubscription {
  id: string;
  draft: { id: string; lineItems: SubscriptionLineItem[] };
}

export interface ShopConnection {
  type: 'commentsold' | 'popshoplive';
  storeAccount?: { email: string } | null;
  sellerId?: string | null;
}

export interface ShopConfig {
  dataLakeUrl: string | null;
  helpWidgetKey: string | null;
  popclipsServiceUrl: string;
  serviceUrls: Record<string, string>;
  livePlatformAuth: { clientId: string; domain: string } | null;
  supportEmail: string;
  helpCenterUrl: string;
}

export interface GetStartedStatus {
  completionPercentage: number;
  events: GetStartedEvent[];
}

export interface Shop {
  shopifyDomain: string;
  primaryDomainUrl: string;
  ownerName: string;
  ownerEmail: string;
  shopName: string;
  shopHandle: string;
  currency: string;
  csToken: string | null;
  storefrontAccessToken: string | null;
  dashboardUrl: string | null;
  embedEnabled: boolean;
  livePageCreated: boolean;
  subscriptionActive: boolean;
  subscription: Subscription | null;
  pendingSubscription: PendingSubscription | null;
  config: ShopConfig;
  featureFlags: FeatureFlags;
  featuredPopclipId: string | null;
  appRequestId: string | null;
  appRequestSkIdentifier: string | null;
  skippedFirstPopclipsCreation: boolean;
  /** Whether the shop has created at least one Popclip (drives the get-started guard). */
  firstPopclipCreated: boolean;
  installedAt: string;
  shopifyShopCreatedAt: string;
  onBoardedOn: string | null;
  enabledFeatures: FeatureId[];
  activePlan: { skuCode: string } | null;
  progressPercentage: number;
  publishedProductsToSalesChannelCount: number;
  csStoreCreated: boolean;
  popshopliveAccountCreated: boolean;
  connections: ShopConnection[];
  getStartedStatus: GetStartedStatus;
  /** The branded-app request's review state (all null before a request); drives landing and nav. */
  mobileApp: MobileAppCardFacts;
  info: Record<string, unknown>;
}

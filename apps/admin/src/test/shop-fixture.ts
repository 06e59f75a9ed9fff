import { NO_REVIEW } from '@popstage/core/mobile';
import type { Shop } from '@popstage/core/shop';

/** A shop that passes every route guard; tests override what they are about. */
export function readyShop(overrides: Partial<Shop> = {}): Shop {
  return {
    shopifyDomain: 'demo-store.myshopify.com',
    primaryDomainUrl: 'https://demo-store.example',
    ownerName: 'Dana Demo',
    ownerEmail: 'dana@demo-store.example',
    shopName: 'Demo Store',
    shopHandle: 'demo-store',
    currency: 'USD',
    csToken: null,
    storefrontAccessToken: null,
    dashboardUrl: null,
    embedEnabled: true,
    livePageCreated: true,
    subscriptionActive: true,
    subscription: null,
    pendingSubscription: null,
    config: {
      dataLakeUrl: null,
      helpWidgetKey: 'widget-key',
      popclipsServiceUrl: '/api/popclips',
      serviceUrls: {},
      livePlatformAuth: null,
      supportEmail: 'support@popstage.example',
      helpCenterUrl: 'https://help.popstage.example',
    },
    featureFlags: {
      deactivate_shop: false,
      looker_dashboard: false,
      popclips_analytics_dashboard: false,
      disable_push_notification: false,
    },
    featuredPopclipId: null,
    appRequestId: null,
    appRequestSkIdentifier: null,
    skippedFirstPopclipsCreation: false,
    firstPopclipCreated: true,
    installedAt: '2025-01-01T00:00:00.000Z',
    shopifyShopCreatedAt: '2024-06-01T00:00:00.000Z',
    onBoardedOn: '2025-01-02T00:00:00.000Z',
    enabledFeatures: ['popclips', 'mobile', 'live'],
    activePlan: { skuCode: 'bundle-flexible-2025-monthly' },
    progressPercentage: 100,
    publishedProductsToSalesChannelCount: 4,
    csStoreCreated: true,
    popshopliveAccountCreated: true,
    connections: [],
    getStartedStatus: { completionPercentage: 100, events: [] },
    info: {},
    mobileApp: {
      ...NO_REVIEW,
      requestSubmitted: false,
    },
    ...overrides,
  };
}

export function withFlags(shop: Shop, flags: Partial<Shop['featureFlags']>): Shop {
  return { ...shop, featureFlags: { ...shop.featureFlags, ...flags } };
}

import type { AppConfig, AppRequest, AppSetup, MobilePlanFacts } from '@popstage/core/mobile';
import type { Shop } from '@popstage/core/shop';
import { screen } from '@testing-library/react';
import type { SetupForm } from '../features/mobile/setup/setup-form';
import type { FakeRoutes } from './fake-routes';
import { readyShop } from './shop-fixture';

/** The mobile builder's fakes (spec 03 §7) for the admin's tests. */

export const NOT_DONE: AppSetup = {
  dunsCompletedAt: 0,
  iosDevCompletedAt: 0,
  addDevEmailCompletedAt: 0,
};
export const ALL_DONE: AppSetup = {
  dunsCompletedAt: 1_700_000_000_000,
  iosDevCompletedAt: 1_700_000_000_000,
  addDevEmailCompletedAt: 1_700_000_000_000,
};

export const BASIC_PLAN: MobilePlanFacts = {
  name: 'basic',
  android: false,
  downloadsMax: 1000,
};

export function appConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    publicAppId: '0a0a0a0a-0000-4000-8000-000000000001',
    featuredShopifyCollectionGid: null,
    primaryColor: null,
    secondaryColor: null,
    bannerColor: null,
    liveBannerColor: null,
    bannerTitle: null,
    bannerText: null,
    liveBannerTitle: null,
    liveBannerText: null,
    customFont: null,
    headerLogoUrl: null,
    menuHandle: null,
    shopMenuHandle: null,
    customLinksHandle: null,
    showInventoryLimit: 10,
    customerAccountClientId: null,
    ...overrides,
  };
}

/** A config as it is after submission: colours, banners and a featured collection. */
export const SUBMITTED_CONFIG = appConfig({
  featuredShopifyCollectionGid: 'gid://shopify/Collection/1',
  primaryColor: '#112233',
  secondaryColor: '#ffffff',
  bannerColor: '#f6f6f6',
  liveBannerColor: '#d72c0d',
  bannerTitle: 'Summer sale',
  bannerText: 'Everything 20% off',
  liveBannerTitle: 'We are live',
  liveBannerText: 'Join the show now',
  customFont: 'Default',
});

export function appRequest(overrides: Partial<AppRequest> = {}): AppRequest {
  return {
    id: '41',
    sk_identifier: 'VFSNewApp#41',
    request_type: 'VFSNewApp',
    iosStatus: 'PENDING',
    androidStatus: null,
    iosLink: null,
    androidLink: null,
    customerIssue: null,
    blocked: null,
    submittedAt: '2026-01-05T10:00:00.000Z',
    appleCompanyName: 'Demo Store LLC',
    appleDevTeamId: 'A1B2C3D4E5',
    desiredAppName: 'Demo Store',
    altAppNameOne: 'Demo Shop',
    altAppNameTwo: 'Demo Store App',
    iconS3Url: '/mobile/v1/assets/apps/demo-store.myshopify.com/1-icon.png',
    launchS3Url: '/mobile/v1/assets/apps/demo-store.myshopify.com/1-launch.png',
    supportUrl: 'https://help.demo-store.example',
    ...overrides,
  };
}

interface MobileRouteOptions {
  setup?: AppSetup;
  plan?: MobilePlanFacts;
  config?: AppConfig;
  request?: AppRequest | null;
  /** The status GET app-setup answers with (an error body) instead of the checklist. */
  setupLoadStatus?: number;
  /** The status POST app-setup answers with (an error body) instead of saving. */
  setupSaveStatus?: number;
}

const failure = (status: number) => ({
  status,
  body: { error: 'Internal Server Error', message: 'Something failed' },
});

/** The calls every mobile screen makes, answered for a shop that has not submitted yet. */
export function mobileRoutes(options: MobileRouteOptions = {}): FakeRoutes {
  const setup = options.setup ?? NOT_DONE;
  return {
    'GET /api/store/v1/app-setup': options.setupLoadStatus
      ? failure(options.setupLoadStatus)
      : { body: { data: setup, plan: options.plan ?? BASIC_PLAN } },
    'POST /api/store/v1/app-setup': (_request, body) =>
      options.setupSaveStatus
        ? failure(options.setupSaveStatus)
        : { body: { data: { ...setup, ...(body as object) } } },
    'GET /api/store/v1/app-config': { body: { data: options.config ?? appConfig() } },
    'GET /api/shopify/shop/mobile/app-request': { body: { data: options.request ?? null } },
    'GET /api/shopify/shop/mobile/apple-email': {
      body: { data: { emailAddress: 'appdev+demo-store@popstage.app' } },
    },
    'GET /api/mobile/catalogue/collections': {
      body: { data: [{ value: 'gid://shopify/Collection/1', label: 'Women' }] },
    },
    'GET /api/mobile/catalogue/collections/*': {
      body: {
        data: {
          id: 'gid://shopify/Collection/1',
          title: 'Women',
          handle: 'women',
          products: [],
        },
      },
    },
  };
}

/** A shop whose app request was sent (no store link yet: Setup stays, read-only). */
export function submittedShop(overrides: Partial<Shop> = {}): Shop {
  const shop = readyShop();
  return readyShop({
    appRequestId: '41',
    appRequestSkIdentifier: 'VFSNewApp#41',
    mobileApp: { ...shop.mobileApp, iosStatus: 'PENDING', requestSubmitted: true },
    ...overrides,
  });
}

/** The Polaris card around a Setup card's heading ('1. App Request Checklist'). */
export function cardOf(heading: string): HTMLElement {
  const title = screen.getByRole('heading', { name: heading });
  const card =
    title.closest('.Polaris-ShadowBevel') ?? title.parentElement?.parentElement?.parentElement;
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${heading}`);
  return card;
}

/** Every Setup card filled in (the images as uploaded before), as the browser keeps the draft. */
export const COMPLETE_SETUP_FORM: SetupForm = {
  supportUrl: 'https://help.demo-store.example',
  appleCompanyName: 'Demo Store LLC',
  appleDevTeamId: 'A1B2C3D4E5',
  desiredAppName: 'Demo Store',
  altAppNameOne: 'Demo Shop',
  altAppNameTwo: 'Demo Store App',
  iconUrl: '/mobile/v1/assets/apps/demo-store.myshopify.com/1-icon.png',
  launchUrl: '/mobile/v1/assets/apps/demo-store.myshopify.com/1-launch.png',
  primaryColor: '#112233',
  secondaryColor: '#ffffff',
  collection: { value: 'gid://shopify/Collection/1', label: 'Women' },
};

/** GET /api/shopify/shop-details for the demo shop, with the saved Customer Account client id. */
export function shopDetailsAnswer(customerAccountClientId: string | null) {
  return {
    body: {
      data: {
        shop: {
          shopifyDomain: 'demo-store.myshopify.com',
          shopName: 'Demo Store',
          ownerName: 'Dana',
          ownerEmail: 'dana@example.com',
          primaryDomainUrl: 'https://demo-store.example',
          currency: 'USD',
          customerAccountClientId,
        },
      },
    },
  };
}

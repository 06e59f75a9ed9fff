import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import {
  carousels,
  customerDataRequests,
  mobileAppConfigs,
  mobileAppRequests,
  mobileAppSetups,
  pushNotifications,
} from './db/schema';
import { proposePlanChange } from './features/billing/service';
import { lastCode, sellerPayload, verifyPhone } from './test/account';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from './test/app';
import { subscribeMobile } from './test/mobile';
import { csUpload, someProducts } from './test/popclips';
import { suiteOf } from './test/route-owners';
import { shopSnapshot } from './test/shop-snapshot';

/**
 * Tenant isolation: every /api and /ingest route is called with shop B's session token against shop A's data.
 * It answers 403/404, or B's own data with nothing of A's, and A's stored data does not change.
 * Each feature adds its routes to CASES; the coverage test fails when a route is missing.
 */
interface IsolationCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered, e.g. /api/shopify/shop/:shopifyDomain. */
  route: string;
  /** The URL called, aimed at shop A where the route takes an id; the route itself otherwise. */
  url?: string;
  /** The body, built from shop A's ids (created in beforeAll). */
  payload?: (a: ShopAState) => unknown;
  /** 'own' when the route can only ever act on the caller's shop (tenant from the token). */
  expect: 400 | 401 | 403 | 404 | 409 | 'own';
}

const A_PHONE = '+15550007777';
const A_OPEN_PHONE = '+15550007778';
const A_EMAIL = 'a-owner@demo.example.com';
/** Shop A's carousel (inserted with this id in beforeAll). */
const A_CAROUSEL = '0a0a0a0a-0000-4000-8000-00000000000a';
/** Shop A's customer data request export (inserted with this id in beforeAll). */
const A_DATA_REQUEST = '0a0a0a0a-0000-4000-8000-0000000000da';

/** Shop A's branded-app request (inserted in beforeAll). */
const A_REQUEST = '0a0a0a0a-0000-4000-8000-0000000000a1';
const A_NOTIFICATION = '0a0a0a0a-0000-4000-8000-0000000000b7';
const A_ICON = `http://localhost:3000/mobile/v1/assets/apps/${SHOP_A}/1-icon.png`;

/** The four Popclips settings, all off. */
const SETTINGS_OFF = {
  hidePopClipsOnPDP: false,
  showViewsOnPopClips: false,
  showLikesOnPopClips: false,
  enableShopFeaturesBuyBtn: false,
};

/** A route that can only act on the caller's shop: B's token gets B's own data. */
const own = (
  method: IsolationCase['method'],
  route: string,
  payload?: IsolationCase['payload'],
): IsolationCase => ({ method, route, payload, expect: 'own' });

const CASES: IsolationCase[] = [
  // {clip} is shop A's clip (its metaIdentifier is made in beforeAll).
  {
    method: 'GET',
    route: '/api/popclips/:metaIdentifier/captions',
    url: '/api/popclips/{clip}/captions',
    expect: 404,
  },
  {
    method: 'PUT',
    route: '/api/popclips/:metaIdentifier/captions/:language',
    url: '/api/popclips/{clip}/captions/en',
    payload: () => ({ label: 'English', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n' }),
    expect: 404,
  },
  {
    method: 'DELETE',
    route: '/api/popclips/:metaIdentifier/captions/:language',
    url: '/api/popclips/{clip}/captions/en',
    expect: 404,
  },
  // Server-side clip search names its shop: another shop's domain is refused.
  {
    method: 'GET',
    route: '/api/popclips/search',
    url: `/api/popclips/search?shopifyDomain=${SHOP_A}&searchValue=clip`,
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/media/csReupload',
    payload: (a) => ({
      metaIdentifier: a.clip,
      fileName: 'b.mp4',
      fileMeta: { type: 'video/mp4', size: 1000 },
    }),
    expect: 404,
  },
  // Push notifications: B lists and composes its own; A's ids are not B's to delete.
  own('GET', '/api/shopify/shop/mobile/notifications'),
  own('POST', '/api/shopify/shop/mobile/notifications', () => ({
    type: 'custom',
    title: 'B news',
    body: 'For B only',
    sentAt: null,
  })),
  {
    method: 'DELETE',
    route: '/api/shopify/shop/mobile/notifications/:id',
    url: `/api/shopify/shop/mobile/notifications/${A_NOTIFICATION}`,
    expect: 404,
  },
  own('GET', '/api/shopify/shop'),
  own('GET', '/api/shopify/shop/embed'),
  own('POST', '/api/shopify/shop/live-page'),
  own('POST', '/api/shopify/shop-info', () => ({
    key: 'customerAccountClientId',
    value: 'b-client',
  })),
  own('GET', '/api/shopify/shop-details'),
  {
    method: 'GET',
    route: '/api/shopify/shop/:shopifyDomain',
    url: `/api/shopify/shop/${SHOP_A}`,
    expect: 403,
  },
  // Billing: the catalogue is shared by every shop; everything else is the caller's own.
  own('GET', '/api/billing/plans'),
  {
    method: 'GET',
    route: '/api/billing/plans/:planId',
    url: '/api/billing/plans/bundle-flexible-2025-monthly',
    expect: 'own',
  },
  own('GET', '/api/billing/addons'),
  own('GET', '/api/billing/features'),
  own('GET', '/api/billing/live-fees'),
  {
    method: 'GET',
    route: '/api/billing/discount-codes/:code',
    url: '/api/billing/discount-codes/welcome20',
    expect: 'own',
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/subscription/adjustment-amount',
    url: '/api/shopify/shop/subscription/adjustment-amount?currentPlanPrice=29.99&newPlanPrice=149.99',
    expect: 'own',
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/subscription/draft',
    payload: () => ({
      shopifyDomain: SHOP_A,
      planId: 'bundle-flexible-2025-monthly',
      extraAddonIds: ['addon-popclips-basic'],
    }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/subscription',
    payload: (a) => ({ draftId: a.draftId }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/subscription/purchase-url',
    payload: (a) => ({ pendingSubscriptionId: a.pendingId }),
    expect: 404,
  },
  own('GET', '/api/shopify/shop/popclips/gating'),
  // Customer data requests (issue 13 point 7) and the attribution access notice.
  own('GET', '/api/compliance/data-requests'),
  {
    method: 'GET',
    route: '/api/compliance/data-requests/:id',
    url: `/api/compliance/data-requests/${A_DATA_REQUEST}`,
    expect: 404,
  },
  own('GET', '/api/analytics/attribution-access'),
  // The holdout test: each shop has its own.
  own('GET', '/api/analytics/holdout'),
  own('PUT', '/api/analytics/holdout', () => ({ percent: 10 })),
  // Analytics ingest and its query.
  own('GET', '/api/analytics/app-events'),
  {
    method: 'PUT',
    route: '/ingest/appevents',
    payload: () => ({ action: 'view', category: 'landing', shopId: SHOP_A }),
    expect: 403,
  },
  {
    method: 'PUT',
    route: '/ingest/productanalytics',
    payload: () => ({ action: 'view', category: 'landing', shopId: SHOP_A }),
    expect: 403,
  },
  // Account, verification, onboarding, support (issue 4).
  own('GET', '/api/shopify/shop/account/otp-config'),
  own('POST', '/api/shopify/shop/account/otp/send', () => ({
    phone: '+15550008888',
    botToken: 'b',
  })),
  {
    method: 'POST',
    route: '/api/shopify/shop/account/otp/resend',
    payload: (a) => ({ challengeId: a.challengeId }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/account/otp/verify',
    payload: (a) => ({ challengeId: a.challengeId, code: a.code }),
    expect: 404,
  },
  own('GET', '/api/shopify/shop/account/verification'),
  own('GET', '/api/shopify/shop/connections/commentsold'),
  own('POST', '/api/shopify/shop/connections/commentsold', () => ({
    email: 'b-owner@other.example.com',
  })),
  own('POST', '/api/shopify/shop/connections/commentsold/check-email', () => ({ email: A_EMAIL })),
  {
    method: 'GET',
    route: '/api/shopify/shop/check-phone',
    url: `/api/shopify/shop/check-phone?phone=${encodeURIComponent(A_PHONE)}`,
    expect: 'own',
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/psl-account',
    payload: (a) => sellerPayload(SHOP_A, { uid: a.uid, phone: A_PHONE }, A_EMAIL),
    expect: 403,
  },
  own('GET', '/api/shopify/shop/app-setup-wizard'),
  own('POST', '/api/shopify/shop/app-setup-wizard', () => ({
    event: 'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL',
  })),
  // Queues the publication of the session's shop; a shop named in the body is not read.
  own('POST', '/api/shopify/shop/app-setup-wizard/publish-products', () => ({
    shopifyDomain: SHOP_A,
  })),
  // B has no store account: refused whatever A has.
  {
    method: 'GET',
    route: '/api/shopify/shop/zendesk/token',
    expect: 403,
  },
  own('GET', '/api/shopify/shop/support-requests'),
  own('POST', '/api/shopify/shop/support-requests', () => ({
    subject: 'B',
    message: 'from B',
    email: 'b@other.example.com',
  })),
  // The help center is the same for every shop; nothing of A's is in it.
  own('GET', '/api/shopify/shop/help-center'),
  {
    method: 'GET',
    route: '/api/shopify/shop/help-center/search',
    url: '/api/shopify/shop/help-center/search?query=carousel',
    expect: 'own',
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/help-center/articles/:articleId',
    url: '/api/shopify/shop/help-center/articles/choose-a-plan',
    expect: 'own',
  },
  // Promo banners need a signed call (401 here); signed, A's id from B is 403 (banners.test.ts).
  {
    method: 'GET',
    route: '/api/popclips/shop-popups',
    url: `/api/popclips/shop-popups?shopId=${SHOP_A}`,
    expect: 401,
  },
  {
    method: 'PUT',
    route: '/api/popclips/shop-popups/dismiss',
    payload: () => ({ shop_id: SHOP_A, rule_id: '00000000-0000-4000-8000-000000000000' }),
    expect: 401,
  },
  // Live shows: B has no live add-on (403); A's shows live on A's seller account only.
  { method: 'GET', route: '/api/live/shows', expect: 403 },
  {
    method: 'POST',
    route: '/api/live/shows',
    payload: () => ({ title: 'B', startsAt: '2099-01-01T10:00:00Z', productIds: [] }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/live/shows/:showId/popclip',
    url: '/api/live/shows/show_a/popclip',
    payload: () => ({ title: 'B', startSeconds: 0, endSeconds: 5 }),
    expect: 403,
  },
  // Popclips media (issue 5): A's clip is looked up in B's shop (404); an owner id of A's is 403.
  {
    method: 'POST',
    route: '/api/media/listMediabyID',
    payload: () => ({ id: SHOP_A }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/media/listMediabyTypeAndMetaId',
    payload: (a) => ({ fileCategory: 'shopifyClips', metaIds: [a.clip], sellerId: SHOP_B }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/media/csUpload',
    payload: (a) => ({
      fileName: 'b.mp4',
      fileMeta: { type: 'video/mp4', size: 1000 },
      metaData: { videoTitle: 'B clip', products: a.bProducts },
    }),
    expect: 'own',
  },
  {
    method: 'POST',
    route: '/api/media/csUploadComplete',
    payload: (a) => ({ metaIdentifier: a.clip }),
    expect: 404,
  },
  // B is on the free plan: import is refused whatever A has.
  {
    method: 'POST',
    route: '/api/media/csImport',
    payload: () => ({ sourceType: 'instagram', url: 'https://www.instagram.com/reel/abc/' }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/media/csUpdateMedia',
    payload: (a) => ({
      id: SHOP_B,
      metaIdentifier: a.clip,
      metaData: { videoTitle: 'Taken', products: a.bProducts, featured: true, display: [] },
    }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/media/csDeleteMedia',
    payload: (a) => ({ id: SHOP_B, metaIdentifier: a.clip }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/featured-popclip',
    payload: (a) => ({ popclip_id: a.clip }),
    expect: 404,
  },
  // Carousels, settings, share links (issue 6): A's carousel is not found in B's shop (404);
  // a customer id of A's is 403.
  own('GET', '/api/popclips/carousels'),
  {
    method: 'GET',
    route: '/api/popclips/carousels',
    url: `/api/popclips/carousels?customerId=${SHOP_A}`,
    expect: 403,
  },
  {
    method: 'GET',
    route: '/api/popclips/carousels/:carousel_id',
    url: `/api/popclips/carousels/${A_CAROUSEL}`,
    expect: 404,
  },
  {
    // The form's preview of a collection carousel: A's collection is not in B's catalogue.
    method: 'GET',
    route: '/api/popclips/carousels/collection-clips',
    url: `/api/popclips/carousels/collection-clips?collectionId=${encodeURIComponent('gid://shopify/Collection/1001')}`,
    expect: 400,
  },
  {
    method: 'POST',
    route: '/api/popclips/carousels',
    payload: (a) => ({
      customer_id: SHOP_A,
      carousel_title: 'Taken',
      carousel_type: 'custom',
      carousel_type_ids: [a.clip, 'x1', 'x2'],
    }),
    expect: 403,
  },
  {
    method: 'PUT',
    route: '/api/popclips/carousels',
    payload: (a) => ({
      carousel_id: A_CAROUSEL,
      customer_id: SHOP_B,
      carousel_title: 'Taken',
      carousel_type: 'custom',
      carousel_type_ids: [a.clip, 'x1', 'x2'],
      is_published: false,
    }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/popclips/carousels/:carousel_id/publish',
    url: `/api/popclips/carousels/${A_CAROUSEL}/publish`,
    payload: () => ({ customer_id: SHOP_B, is_published: false }),
    expect: 404,
  },
  {
    method: 'GET',
    route: '/api/popclips/carousels/:carousel_id/embed',
    url: `/api/popclips/carousels/${A_CAROUSEL}/embed`,
    expect: 404,
  },
  {
    method: 'DELETE',
    route: '/api/popclips/carousels/:carousel_id',
    url: `/api/popclips/carousels/${A_CAROUSEL}?customerId=${SHOP_B}`,
    expect: 404,
  },
  // Insights (issue 15): shop_id must be the caller's shop.
  ...[
    'popclips-summary',
    'popclips-weekly',
    'popclips-monthly',
    'popclips-daily',
    'popclips-stats',
    'carousels-stats',
  ].map(
    (name): IsolationCase => ({
      method: 'GET',
      route: `/dashboard/${name}`,
      url: `/dashboard/${name}?shop_id=${SHOP_A}`,
      expect: 403,
    }),
  ),
  {
    method: 'GET',
    route: '/dashboard/popclips/:popclipId',
    url: `/dashboard/popclips/any?shop_id=${SHOP_A}`,
    expect: 403,
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/cs-reports',
    url: '/api/shopify/shop/cs-reports?dashboardId=737&subdomain=data',
    expect: 'own',
  },
  // Views and likes: customer_id must be the caller's shop.
  {
    method: 'POST',
    route: '/api/popclips/views/fetch',
    payload: (a) => ({ customer_id: SHOP_A, clip_ids: [a.clip] }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/api/popclips/likes/fetch',
    payload: (a) => ({ customer_id: SHOP_A, clip_ids: [a.clip], user_id: 'u1' }),
    expect: 403,
  },
  own('GET', '/api/shopify/shop/popclips/settings'),
  {
    method: 'POST',
    route: '/api/shopify/shop/popclips/settings',
    payload: () => ({ ...SETTINGS_OFF, shopifyDomain: SHOP_A }),
    expect: 403,
  },
  own('POST', '/api/shopify/shop/popclips/settings', () => SETTINGS_OFF),
  own('GET', '/api/shopify/shop/popclips/share-gating'),
  {
    method: 'POST',
    route: '/api/shopify/shop/popclips/share-gating',
    payload: (a) => ({ metaIdentifier: a.clip }),
    expect: 404,
  },
  own('GET', '/api/catalogue/products'),
  {
    method: 'GET',
    route: '/api/catalogue/products/by-ids',
    url: '/api/catalogue/products/by-ids?ids=gid://shopify/Product/1,gid://shopify/Product/2',
    expect: 'own',
  },
  own('GET', '/api/catalogue/collections'),
  {
    // Shop A's own "All products" collection: B's catalogue has no such collection.
    method: 'GET',
    route: '/api/catalogue/collections/:collectionId/products',
    url: `/api/catalogue/collections/${encodeURIComponent('gid://shopify/Collection/1001')}/products`,
    expect: 'own',
  },
  // Mobile (issue 16): B is on Mobile Pro; A has a submitted request, setup and config.
  {
    method: 'GET',
    route: '/api/shopify/shop/mobile/app-request',
    url: `/api/shopify/shop/mobile/app-request?appRequestId=${A_REQUEST}`,
    expect: 403,
  },
  {
    // A's images in B's request: refused before anything is stored.
    method: 'POST',
    route: '/api/shopify/shop/mobile/app-request',
    payload: () => ({
      appleCompanyName: 'B LLC',
      appleDevTeamId: 'B',
      desiredAppName: 'B',
      altAppNameOne: 'B1',
      altAppNameTwo: 'B2',
      iconS3Url: A_ICON,
      launchS3Url: A_ICON,
      supportUrl: 'b.example.com',
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      collectionId: 'gid://shopify/Collection/1001',
    }),
    expect: 400,
  },
  {
    method: 'POST',
    route: '/api/shopify/shop/app-request',
    payload: () => ({ requestId: A_REQUEST, skIdentifier: `VFSNewApp#${A_REQUEST}` }),
    expect: 403,
  },
  {
    method: 'GET',
    route: '/api/shopify/shop/mobile/apple-email',
    url: '/api/shopify/shop/mobile/apple-email?shopifySubdomain=demo-store',
    expect: 403,
  },
  own('GET', '/api/store/v1/app-setup'),
  own('POST', '/api/store/v1/app-setup', () => ({ dunsCompletedAt: 1 })),
  own('GET', '/api/store/v1/app-config'),
  {
    // B has not submitted: its save is refused, A's config untouched.
    method: 'POST',
    route: '/api/store/v1/app-config',
    payload: () => ({ headerLogoUrl: A_ICON }),
    expect: 409,
  },
  {
    method: 'GET',
    route: '/api/store/v1/files/signed-link',
    url: `/api/store/v1/files/signed-link?path=apps/${SHOP_A}&contentType=image/png&fileName=x.png`,
    expect: 403,
  },
  own('GET', '/api/mobile/catalogue/collections'),
  {
    method: 'GET',
    route: '/api/mobile/catalogue/collections/:collectionId',
    url: `/api/mobile/catalogue/collections/${encodeURIComponent('gid://shopify/Collection/1001')}`,
    expect: 'own',
  },
  {
    method: 'GET',
    route: '/api/mobile/catalogue/menus/:handle',
    url: '/api/mobile/catalogue/menus/main-menu',
    expect: 'own',
  },
];

interface ShopAState {
  draftId: string;
  pendingId: string;
  /** An open phone challenge of A's and its code. */
  challengeId: string;
  code: string;
  uid: string;
  /** A clip of A's (metaIdentifier), featured. */
  clip: string;
  /** Tagging input with B's own products. */
  bProducts: {
    shopifyProductId: string;
    shopifyProductHandle: string;
    shopifyProductUrl: string;
    defaultImage: null;
  }[];
}

let t: TestApp;
let shopAId: string;
let shopA: ShopAState;

/** Everything stored for shop A (its shops row and every table with a shop id or domain). */
const snapshotOfShopA = () => shopSnapshot(t, shopAId, SHOP_A);

beforeAll(async () => {
  t = await createTestApp();
  // Give shop A some state of its own that B's calls must not see or change.
  const headers = await t.auth(SHOP_A);
  await t.app.inject({ method: 'POST', url: '/api/shopify/shop/live-page', headers });
  await t.app.inject({
    method: 'PUT',
    url: '/api/analytics/holdout',
    headers,
    payload: { percent: 5 },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop-info',
    headers,
    payload: { key: 'customerAccountClientId', value: 'a-secret-client' },
  });
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/subscription/draft',
    headers,
    payload: {
      shopifyDomain: SHOP_A,
      planId: 'bundle-flexible-2025-monthly',
      extraAddonIds: ['addon-popclips-basic'],
    },
  });
  const pending = await proposePlanChange(t.deps, SHOP_A, {
    planId: 'bundle-flexible-2025-monthly',
    addonIds: ['addon-popclips-premium'],
  });
  // Account state: a verified phone, store and seller accounts, an open challenge, wizard, support.
  const verification = await verifyPhone(t, SHOP_A, A_PHONE);
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/connections/commentsold',
    headers,
    payload: { email: A_EMAIL },
  });
  await t.runJobs();
  const seller = await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/psl-account',
    headers,
    payload: sellerPayload(SHOP_A, verification, A_EMAIL),
  });
  expect(seller.statusCode).toBe(200);
  const open = await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/account/otp/send',
    headers,
    payload: { phone: A_OPEN_PHONE, botToken: 'a' },
  });
  expect(open.statusCode).toBe(201);
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/app-setup-wizard',
    headers,
    payload: { event: 'STEP_ADD_YOUR_FIRST_POPCLIP' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/support-requests',
    headers,
    payload: { subject: 'a-secret-client', message: 'a-secret-client', email: A_EMAIL },
  });
  const clip = await csUpload(t, SHOP_A, { size: 1000 }, { featured: true });
  // Issue 6: a carousel, saved settings and a share link of A's.
  await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/popclips/settings',
    headers,
    payload: {
      hidePopClipsOnPDP: true,
      showViewsOnPopClips: true,
      showLikesOnPopClips: false,
      enableShopFeaturesBuyBtn: true,
    },
  });
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/shopify/shop/popclips/share-gating',
    headers,
    payload: { metaIdentifier: clip.clip.metaIdentifier },
  });
  expect(shared.statusCode).toBe(201);
  shopA = {
    clip: clip.clip.metaIdentifier,
    bProducts: await someProducts(t, SHOP_B),
    draftId: draft.json().id,
    pendingId: pending.id,
    challengeId: open.json().data.challengeId,
    code: await lastCode(t, A_OPEN_PHONE),
    uid: verification.uid,
  };
  await t.app.inject({
    method: 'PUT',
    url: '/ingest/appevents',
    headers,
    payload: { action: 'a-secret-client', category: 'landing' },
  });
  const rows = await queryRows<{ id: string }>(
    t.deps.database.db,
    sql`select id from shops where shopify_domain = ${SHOP_A}`,
  );
  shopAId = rows[0]?.id ?? '';
  expect(shopAId).not.toBe('');
  await t.deps.database.db.insert(carousels).values({
    id: A_CAROUSEL,
    shopId: shopAId,
    title: 'a-secret-client',
    type: 'custom',
    typeIds: [shopA.clip],
    sortedPopclipsIds: [shopA.clip],
    isPublished: true,
    publishedAt: new Date(),
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await t.deps.database.db.insert(customerDataRequests).values({
    id: A_DATA_REQUEST,
    shopId: shopAId,
    webhookId: 'a-secret-client',
    export: {
      dataRequestId: 'a-secret-client',
      customerId: '1',
      ordersRequested: [],
      receivedAt: new Date().toISOString(),
      orders: [],
      storefrontActivity: { events: [], likes: [] },
    },
    receivedAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  // Mobile: B may use the mobile calls; A has a submitted request, its checklist and config.
  await subscribeMobile(t, SHOP_B, 'addon-mobile-pro');
  const { db } = t.deps.database;
  await db.insert(mobileAppSetups).values({ shopId: shopAId, dunsCompletedAt: 1 });
  await db.insert(mobileAppConfigs).values({ shopId: shopAId, bannerTitle: 'a-secret-client' });
  await db.insert(mobileAppRequests).values({
    shopId: shopAId,
    requestId: A_REQUEST,
    skIdentifier: `VFSNewApp#${A_REQUEST}`,
    fields: {
      appleCompanyName: 'a-secret-client',
      appleDevTeamId: 'a-secret-client',
      desiredAppName: 'a-secret-client',
      altAppNameOne: 'a-secret-client',
      altAppNameTwo: 'a-secret-client',
      iconS3Url: A_ICON,
      launchS3Url: A_ICON,
      supportUrl: 'https://a.example.com',
    },
    iosStatus: 'PENDING',
    submittedAt: new Date(),
  });
  // A's pending push notification: B's DELETE of its id must leave it.
  await db.insert(pushNotifications).values({
    id: A_NOTIFICATION,
    shopId: shopAId,
    title: 'a-secret-client',
    body: 'a-secret-client',
    scheduledAt: new Date(Date.now() + 86_400_000),
  });
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('has a case for every route test/route-owners.ts gives this suite (/api, /ingest)', () => {
    const apiRoutes = t.app.routeList
      .filter((route) => suiteOf(route.url) === 'isolation.test.ts')
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    expect(apiRoutes.filter((route) => !covered.has(route))).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThan(0);
  });

  const calls = CASES.map((c) => ({ ...c, url: c.url ?? c.route }));
  it.each(calls)('$method $url with shop B’s token leaves shop A alone', async (c) => {
    const before = await snapshotOfShopA();
    const res = await t.app.inject({
      method: c.method,
      url: c.url.replace('{clip}', shopA.clip),
      headers: await t.auth(SHOP_B),
      ...(c.payload === undefined ? {} : { payload: c.payload(shopA) as object }),
    });
    if (c.expect === 'own') {
      expect(res.statusCode).toBeLessThan(400);
      for (const secret of [SHOP_A, 'a-secret-client', shopAId, A_EMAIL, shopA.uid]) {
        expect(res.body).not.toContain(secret);
      }
    } else {
      expect(res.statusCode).toBe(c.expect);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await snapshotOfShopA()).toEqual(before);
  });
});

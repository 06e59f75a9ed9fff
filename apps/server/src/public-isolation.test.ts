import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carousels, popclips, pushNotifications } from './db/schema';
import { signShopifyWebhook } from './platform/shopify';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from './test/app';
import { subscribeMobile } from './test/mobile';
import { insertProcessedClip } from './test/popclips';
import { suiteOf } from './test/route-owners';
import { shopIdOf, shopSnapshot } from './test/shop-snapshot';
import { productUpdatedPayload } from './test/webhooks';

/**
 * Tenant isolation of everything outside /api: Insights (/dashboard, /reports) with shop B's
 * session token, the storefront API with a visitor of shop B, the branded-app API with a device
 * of shop B's app, Shopify webhooks under shop B's header, share pages, media and the billing
 * return, each aimed at shop A's data. Each answers as expected (a status, or a public answer
 * holding none of A's private values) and leaves A's stored data as it was; a route may add
 * only to the tables its case names (a stranger may install A's app). The coverage test fails
 * when a route test/route-owners.ts gives this suite has no case.
 */
interface State {
  aClip: string;
  aCarousel: string;
  aApp: string;
  aNotification: string;
  aShareCode: string;
  aProductId: string;
  aOrder: object;
  bApp: string;
  bVisitor: string;
  bDevice: string;
  bReportToken: string;
}

interface PublicCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered. */
  route: string;
  url: (s: State) => string;
  /** Shop B's session token on the call. */
  asMerchantB?: boolean;
  /** A JSON body; a webhook's is signed and sent under shop B's header. */
  payload?: (s: State) => object;
  webhook?: boolean;
  /** A status, or 'public': below 400 and none of A's private values in the answer. */
  expect: number | 'public';
  /** A's tables the call may add to by design. */
  mayChange?: string[];
}

const A_SECRET = 'a-private-value';
const A_DEVICE_TOKEN = 'a-device-token-private-0001';
const A_CAROUSEL = '0a0a0a0a-0000-4000-8000-00000000c0a1';
const A_NOTIFICATION = '0a0a0a0a-0000-4000-8000-00000000b0a1';
const A_ORDER_ID = 7_281_001;

/** Every Insights call names its shop: A's with B's token is refused. */
const insights = (path: string): PublicCase => ({
  method: 'GET',
  route: path,
  url: () => `${path}?shop_id=${SHOP_A}`,
  asMerchantB: true,
  expect: 403,
});

const CASES: PublicCase[] = [
  // Insights: B's token reads B's figures only; A's clip is unknown to B.
  insights('/dashboard/popclips-summary'),
  insights('/dashboard/popclips-weekly'),
  insights('/dashboard/popclips-monthly'),
  insights('/dashboard/popclips-daily'),
  insights('/dashboard/popclips-stats'),
  insights('/dashboard/carousels-stats'),
  {
    method: 'GET',
    route: '/dashboard/popclips/:popclipId',
    url: (s) => `/dashboard/popclips/${s.aClip}?shop_id=${SHOP_B}`,
    asMerchantB: true,
    expect: 404,
  },
  // B's report link with A's domain put in: the token names B, so the page is B's or refused.
  {
    method: 'GET',
    route: '/reports/insights',
    url: (s) => `/reports/insights?shop=${SHOP_A}&token=${s.bReportToken}`,
    expect: 'public',
  },
  // Storefront: A's storefront is public; B's visitor id is refused on A.
  {
    method: 'GET',
    route: '/storefront/v1/shops/:shop/feed',
    url: () => `/storefront/v1/shops/${SHOP_A}/feed`,
    expect: 'public',
  },
  {
    method: 'GET',
    route: '/storefront/v1/shops/:shop/carousels/:carouselId',
    url: (s) => `/storefront/v1/shops/${SHOP_B}/carousels/${s.aCarousel}`,
    expect: 404,
  },
  // A's clip's loop asked for under B's storefront: B has no such clip.
  {
    method: 'GET',
    route: '/storefront/v1/shops/:shop/clips/:clipId/loop',
    url: (s) => `/storefront/v1/shops/${SHOP_B}/clips/${s.aClip}/loop`,
    expect: 404,
  },
  {
    method: 'POST',
    route: '/storefront/v1/shops/:shop/events',
    url: () => `/storefront/v1/shops/${SHOP_A}/events`,
    payload: (s) => ({ visitorId: s.bVisitor, events: [{ type: 'view', clipId: s.aClip }] }),
    expect: 403,
  },
  {
    method: 'GET',
    route: '/storefront/v1/shops/:shop/likes',
    url: (s) => `/storefront/v1/shops/${SHOP_A}/likes?visitorId=${encodeURIComponent(s.bVisitor)}`,
    expect: 403,
  },
  {
    method: 'POST',
    route: '/storefront/v1/shops/:shop/visits',
    url: () => `/storefront/v1/shops/${SHOP_A}/visits`,
    payload: (s) => ({ visitorId: s.bVisitor }),
    expect: 403,
  },
  {
    method: 'POST',
    route: '/storefront/v1/shops/:shop/visitors',
    url: () => `/storefront/v1/shops/${SHOP_A}/visitors`,
    expect: 'public',
  },
  // The test app has no built widget (503 by design); the script holds no shop data.
  {
    method: 'GET',
    route: '/storefront/v1/widget.js',
    url: () => '/storefront/v1/widget.js',
    expect: 503,
  },
  // The shop's live show is public, as its storefront shows it.
  {
    method: 'GET',
    route: '/storefront/v1/shops/:shop/live',
    url: () => `/storefront/v1/shops/${SHOP_A}/live`,
    expect: 'public',
  },
  {
    method: 'GET',
    route: '/storefront/v1/live.js',
    url: () => '/storefront/v1/live.js',
    expect: 503,
  },
  {
    method: 'GET',
    route: '/storefront/v1/hls.js',
    url: () => '/storefront/v1/hls.js',
    expect: 503,
  },
  // Branded app: A's config is public to its app; B's device token reaches nothing of A's.
  {
    method: 'GET',
    route: '/mobile/v1/config/:publicAppId',
    url: (s) => `/mobile/v1/config/${s.aApp}`,
    expect: 'public',
  },
  {
    method: 'GET',
    route: '/mobile/v1/assets/*',
    url: () => `/mobile/v1/assets/apps/${SHOP_A}/none.png`,
    expect: 404,
  },
  {
    method: 'POST',
    route: '/mobile/v1/apps/:publicAppId/devices',
    url: (s) => `/mobile/v1/apps/${s.aApp}/devices`,
    payload: () => ({ platform: 'android', token: 'a-stranger-installs-a-app' }),
    expect: 'public',
    mayChange: ['push_devices'],
  },
  {
    method: 'POST',
    route: '/mobile/v1/apps/:publicAppId/devices/unregister',
    url: (s) => `/mobile/v1/apps/${s.bApp}/devices/unregister`,
    payload: () => ({ token: A_DEVICE_TOKEN }),
    expect: 200,
  },
  {
    method: 'POST',
    route: '/mobile/v1/apps/:publicAppId/notifications/:id/opened',
    url: (s) => `/mobile/v1/apps/${s.bApp}/notifications/${s.aNotification}/opened`,
    // B's device with an open token of its own making: A's notification was never sent to it.
    payload: (s) => ({ token: s.bDevice, openToken: `${s.bDevice}.forged-open-token` }),
    expect: 404,
  },
  {
    method: 'POST',
    route: '/mobile/v1/apps/:publicAppId/sandbox-inbox',
    url: (s) => `/mobile/v1/apps/${s.bApp}/sandbox-inbox`,
    payload: () => ({ token: A_DEVICE_TOKEN }),
    expect: 404,
  },
  // Share pages are public by their code; media needs a signature of its own object.
  { method: 'GET', route: '/s/:code', url: (s) => `/s/${s.aShareCode}`, expect: 'public' },
  {
    method: 'GET',
    route: '/s/sitemaps/:shop/videos.xml',
    url: () => `/s/sitemaps/${SHOP_A}/videos.xml`,
    expect: 'public',
  },
  {
    method: 'GET',
    route: '/media/*',
    url: (s) => `/media/shops/${s.aClip}/original.mp4`,
    expect: 403,
  },
  {
    method: 'PUT',
    route: '/media/*',
    url: (s) => `/media/shops/${s.aClip}/original.mp4`,
    payload: () => ({}),
    expect: 403,
  },
  {
    method: 'GET',
    route: '/billing/return',
    url: () => `/billing/return?shop=${SHOP_A}&charge_id=1`,
    expect: 'public',
  },
  // Shopify webhooks about A's data delivered under B's header change nothing of A's.
  {
    method: 'POST',
    route: '/webhooks/app_subscriptions/update',
    url: () => '/webhooks/app_subscriptions/update',
    webhook: true,
    payload: () => ({
      app_subscription: {
        admin_graphql_api_id: 'gid://shopify/AppSubscription/1',
        name: 'Popstage',
        status: 'CANCELLED',
        admin_graphql_api_shop_id: 'gid://shopify/Shop/1',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        currency: 'USD',
        capped_amount: null,
      },
    }),
    expect: 'public',
  },
  {
    method: 'POST',
    route: '/webhooks/orders/create',
    url: () => '/webhooks/orders/create',
    webhook: true,
    payload: (s) => s.aOrder,
    expect: 'public',
  },
  {
    method: 'POST',
    route: '/webhooks/products/update',
    url: () => '/webhooks/products/update',
    webhook: true,
    payload: (s) => ({ ...productOfA(s), title: 'renamed under B' }),
    expect: 'public',
  },
  {
    method: 'POST',
    route: '/webhooks/products/delete',
    url: () => '/webhooks/products/delete',
    webhook: true,
    payload: (s) => ({ id: Number(s.aProductId.split('/').pop()) }),
    expect: 'public',
  },
  {
    method: 'POST',
    route: '/webhooks/app/uninstalled',
    url: () => '/webhooks/app/uninstalled',
    webhook: true,
    payload: () => ({ id: 1, myshopify_domain: SHOP_A, domain: SHOP_A, name: 'A' }),
    expect: 400,
  },
  {
    method: 'POST',
    route: '/webhooks/app/scopes_update',
    url: () => '/webhooks/app/scopes_update',
    webhook: true,
    payload: () => ({ id: 1, previous: ['read_products'], current: [] }),
    expect: 'public',
  },
  {
    method: 'POST',
    route: '/webhooks/customers/data_request',
    url: () => '/webhooks/customers/data_request',
    webhook: true,
    payload: () => ({
      shop_id: 1,
      shop_domain: SHOP_A,
      orders_requested: [A_ORDER_ID],
      customer: { id: 1, email: 'shopper@example.com', phone: null },
      data_request: { id: 1 },
    }),
    expect: 400,
  },
  {
    method: 'POST',
    route: '/webhooks/customers/redact',
    url: () => '/webhooks/customers/redact',
    webhook: true,
    payload: () => ({
      shop_id: 1,
      shop_domain: SHOP_A,
      customer: { id: 1, email: 'shopper@example.com', phone: null },
      orders_to_redact: [A_ORDER_ID],
    }),
    expect: 400,
  },
  {
    method: 'POST',
    route: '/webhooks/shop/redact',
    url: () => '/webhooks/shop/redact',
    webhook: true,
    payload: () => ({ shop_id: 1, shop_domain: SHOP_A }),
    expect: 400,
  },
  // B's header with A's shop in the body: refused; domain events refresh B's own domains only.
  {
    method: 'POST',
    route: '/webhooks/shop/update',
    url: () => '/webhooks/shop/update',
    webhook: true,
    payload: () => ({ myshopify_domain: SHOP_A, domain: 'a-shop.example' }),
    expect: 400,
  },
  ...(['create', 'update', 'destroy'] as const).map((event) => ({
    method: 'POST' as const,
    route: `/webhooks/domains/${event}`,
    url: () => `/webhooks/domains/${event}`,
    webhook: true,
    payload: () => ({ id: 1, host: 'a-shop.example' }),
    expect: 'public' as const,
  })),
];

let t: TestApp;
let state: State;
let shopAId: string;
let productA: Parameters<typeof productUpdatedPayload>[0];
const productOfA = (_: State) => productUpdatedPayload(productA, t.clock.now());
const snapshotOfA = () => shopSnapshot(t, shopAId, SHOP_A);

function signedWebhook(topic: string, body: object) {
  const raw = JSON.stringify(body);
  return {
    'content-type': 'application/json',
    'x-shopify-hmac-sha256': signShopifyWebhook(Buffer.from(raw), t.deps.config.SHOPIFY_API_SECRET),
    'x-shopify-shop-domain': SHOP_B,
    'x-shopify-webhook-id': `public-isolation-${topic}-${Math.random()}`,
    'x-shopify-topic': topic,
    'x-shopify-api-version': t.deps.config.SHOPIFY_API_VERSION,
    'x-shopify-triggered-at': t.clock.now().toISOString(),
  };
}

async function appIdOf(shop: string) {
  const answer = await t.asShop(shop, 'GET', '/api/store/v1/app-config');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.publicAppId as string;
}

async function register(appId: string, token: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/mobile/v1/apps/${appId}/devices`,
    payload: { platform: 'ios', token },
  });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp({
    STOREFRONT_VISITORS_PER_ADDRESS: '1000',
    STOREFRONT_VISITORS_PER_SITE: '1000',
  });
  await subscribeMobile(t, SHOP_A, 'addon-mobile-pro');
  await subscribeMobile(t, SHOP_B, 'addon-mobile-pro');
  shopAId = await shopIdOf(t, SHOP_A);
  const page = await t.deps.platform.listProducts(SHOP_A, { first: 1 });
  const [stored] = (await t.deps.sandbox?.getProducts(SHOP_A, [page.nodes[0]?.id ?? ''])) ?? [];
  if (!stored) throw new Error('no product in the sandbox store');
  productA = stored;
  const aClip = 'a-clip-public-isolation';
  await insertProcessedClip(t.deps.database.db, {
    shopId: shopAId,
    id: aClip,
    at: t.clock.now(),
    shopDomain: SHOP_A,
    products: [productA],
  });
  // A's clip has a loop, so the loop route's 404 for B is about the shop, not a missing file.
  const loopKey = `shops/${shopAId}/clips/${aClip}/loop.mp4`;
  await t.deps.media.putObject(loopKey, Buffer.from(A_SECRET), { contentType: 'video/mp4' });
  await t.deps.database.db
    .update(popclips)
    .set({ loopKey })
    .where(eq(popclips.metaIdentifier, aClip));
  await t.deps.database.db.insert(carousels).values({
    id: A_CAROUSEL,
    shopId: shopAId,
    title: A_SECRET,
    type: 'custom',
    typeIds: [aClip],
    sortedPopclipsIds: [aClip],
    isPublished: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await t.deps.database.db.insert(pushNotifications).values({
    id: A_NOTIFICATION,
    shopId: shopAId,
    title: A_SECRET,
    body: A_SECRET,
    scheduledAt: new Date(Date.now() + 86_400_000),
  });
  const shared = await t.asShop(SHOP_A, 'POST', '/api/shopify/shop/popclips/share-gating', {
    metaIdentifier: aClip,
  });
  expect(shared.statusCode, shared.body).toBe(201);
  const aApp = await appIdOf(SHOP_A);
  const bApp = await appIdOf(SHOP_B);
  await register(aApp, A_DEVICE_TOKEN);
  const bDevice = 'b-device-token-0000001';
  await register(bApp, bDevice);
  const visitor = await t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_B}/visitors`,
  });
  expect(visitor.statusCode, visitor.body).toBeLessThan(300);
  const report = await t.asShop(SHOP_B, 'GET', '/api/shopify/shop/cs-reports');
  expect(report.statusCode, report.body).toBe(200);
  const reportUrl = new URL(JSON.stringify(report.json()).match(/https?:[^"]+/)?.[0] ?? '');
  const aOrder = {
    id: A_ORDER_ID,
    admin_graphql_api_id: `gid://shopify/Order/${A_ORDER_ID}`,
    name: '#7281',
    created_at: t.clock.now().toISOString(),
    currency: 'USD',
    total_price: '25.00',
    note_attributes: [],
    line_items: [],
  };
  const recorded = await t.app.inject({
    method: 'POST',
    url: '/webhooks/orders/create',
    headers: { ...signedWebhook('orders/create', aOrder), 'x-shopify-shop-domain': SHOP_A },
    payload: JSON.stringify(aOrder),
  });
  expect(recorded.json()).toMatchObject({ outcome: 'recorded' });
  state = {
    aClip,
    aCarousel: A_CAROUSEL,
    aApp,
    aNotification: A_NOTIFICATION,
    aShareCode: shared.json().data.link.code,
    aProductId: productA.id,
    aOrder,
    bApp,
    bVisitor: visitor.json().visitorId,
    bDevice,
    bReportToken: reportUrl.searchParams.get('token') ?? '',
  };
  expect(state.aShareCode).toBeTruthy();
  expect(state.bReportToken).toBeTruthy();
}, 120_000);
afterAll(() => t.close());

describe('tenant isolation outside /api', () => {
  it('has a case for every route test/route-owners.ts gives this suite', () => {
    const routes = t.app.routeList
      .filter(
        (route) => route.method !== 'OPTIONS' && suiteOf(route.url) === 'public-isolation.test.ts',
      )
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  it("serves A's loop on A's storefront (the control of B's 404)", async () => {
    const res = await t.app.inject({
      url: `/storefront/v1/shops/${SHOP_A}/clips/${state.aClip}/loop`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(A_SECRET);
  });

  it.each(CASES)('$method $route as shop B leaves shop A alone', async (c) => {
    const before = await snapshotOfA();
    const payload = c.payload?.(state);
    const headers = {
      ...(c.asMerchantB ? await t.auth(SHOP_B) : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(c.webhook && payload ? signedWebhook(c.route.replace('/webhooks/', ''), payload) : {}),
    };
    const res = await t.app.inject({
      method: c.method,
      url: c.url(state),
      // Half the cases from an IPv6 client, half from IPv4.
      remoteAddress: CASES.indexOf(c) % 2 ? '2001:db8:b::1' : '198.51.100.66',
      headers,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    if (c.expect === 'public') {
      expect(res.statusCode, res.body).toBeLessThan(400);
      // A's row id is in its public media paths; its private values are not.
      for (const secret of [A_SECRET, A_DEVICE_TOKEN]) {
        expect(res.body).not.toContain(secret);
      }
    } else {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(c.expect);
    }
    const after = await snapshotOfA();
    for (const table of c.mayChange ?? []) {
      // Only additions: what A had is still there as it was.
      expect(after[table]).toEqual(expect.arrayContaining(before[table] ?? []));
      delete after[table];
      delete before[table];
    }
    expect(after).toEqual(before);
  });
});

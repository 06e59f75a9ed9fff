import type { OperatorRole } from '@popstage/core/operator-console';
import { OPERATOR_ROLES } from '@popstage/core/operator-console';
import { expect } from 'vitest';
import { ownLiveServiceKey } from '../platform/live/own-live-service';
import { signShopifyWebhook } from '../platform/shopify';
import { SHOP_A, SHOP_B, type TestApp } from './app';
import { subscribeMobile } from './mobile';
import { addStaff, signedIn } from './operator-console';

/**
 * Every kind of caller the app serves, signed in for real: a merchant of each sandbox shop
 * (session token), Popstage staff in the console (each role: cookie and CSRF token), the staff
 * API (operator bearer), the app at its live service's seller API (its key), a storefront visitor (an id the visitors route issued), a branded-app
 * device (registered through the devices route), Shopify (signed webhooks) and nobody at all.
 * The route fuzz calls every route as each of them.
 */
export type RoleName =
  | 'merchant-a'
  | 'merchant-b'
  | `staff-${OperatorRole}`
  | 'staff-api'
  | 'live-app'
  | 'visitor'
  | 'device'
  | 'shopify'
  | 'anonymous';

export interface Caller {
  role: RoleName;
  /** Headers every call carries (credentials). */
  headers: () => Promise<Record<string, string>>;
  /** Real values for path parameters by name (the caller's shop, app, ...). */
  params: Record<string, string>;
  /** Fields a body of this caller carries (the console's CSRF token, a visitor id, a device token). */
  fields: Record<string, string>;
  /** Console forms are url-encoded, everything else JSON. */
  form: boolean;
  /** Headers that depend on the raw body (Shopify's HMAC). */
  sign?: (raw: string) => Record<string, string>;
  /** Signs in again when the session ended (a fuzzed sign-out, a role change). */
  refresh?: () => Promise<void>;
}

/** The shop A's branded app id, once it has the mobile add-on. */
async function publicAppId(t: TestApp, shop: string): Promise<string> {
  const answer = await t.asShop(shop, 'GET', '/api/store/v1/app-config');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.publicAppId as string;
}

async function staffCaller(t: TestApp, role: OperatorRole): Promise<Caller> {
  let browser = await signedIn(t, role);
  const caller: Caller = {
    role: `staff-${role}`,
    headers: async () => ({ cookie: browser.cookie }),
    params: { shop: SHOP_A },
    fields: { _csrf: browser.csrf },
    form: true,
    refresh: async () => {
      const page = await browser.get('/operator/account');
      if (page.statusCode === 200) return;
      browser = await signedIn(t, role);
      caller.fields._csrf = browser.csrf;
    },
  };
  return caller;
}

/** Signs every role in against the test app (shop A gets the mobile add-on for its device). */
export async function signInEveryRole(t: TestApp): Promise<Caller[]> {
  await addStaff(t, OPERATOR_ROLES);
  await subscribeMobile(t, SHOP_A, 'addon-mobile-pro');
  const appId = await publicAppId(t, SHOP_A);
  const deviceToken = 'fuzz-device-token-0001';
  const registered = await t.app.inject({
    method: 'POST',
    url: `/mobile/v1/apps/${appId}/devices`,
    payload: { platform: 'ios', token: deviceToken },
  });
  expect(registered.statusCode, registered.body).toBeLessThan(300);
  const issued = await t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${SHOP_A}/visitors`,
  });
  expect(issued.statusCode, issued.body).toBeLessThan(300);
  const visitorId = issued.json().visitorId as string;
  const secret = t.deps.config.SHOPIFY_API_SECRET;
  const operatorToken = t.deps.config.OPERATOR_API_TOKEN;
  expect(operatorToken).toBeTruthy();
  const plain = (role: RoleName, headers: () => Promise<Record<string, string>>): Caller => ({
    role,
    headers,
    params: { shop: SHOP_A, publicAppId: appId },
    fields: {},
    form: false,
  });
  return [
    { ...plain('merchant-a', () => t.auth(SHOP_A)) },
    { ...plain('merchant-b', () => t.auth(SHOP_B)), params: { shop: SHOP_B } },
    ...(await Promise.all(OPERATOR_ROLES.map((role) => staffCaller(t, role)))),
    plain('staff-api', async () => ({ authorization: `Bearer ${operatorToken}` })),
    // The app calling its own live service's seller API with the key it derives.
    plain('live-app', async () => ({
      authorization: `Bearer ${ownLiveServiceKey(t.deps.config)}`,
    })),
    { ...plain('visitor', async () => ({})), fields: { visitorId } },
    { ...plain('device', async () => ({})), fields: { token: deviceToken, platform: 'ios' } },
    {
      ...plain('shopify', async () => ({
        'x-shopify-shop-domain': SHOP_A,
        'x-shopify-api-version': t.deps.config.SHOPIFY_API_VERSION,
        'x-shopify-triggered-at': t.clock.now().toISOString(),
      })),
      sign: (raw) => ({
        'x-shopify-hmac-sha256': signShopifyWebhook(Buffer.from(raw), secret),
        'x-shopify-webhook-id': `fuzz-${Math.random().toString(36).slice(2)}`,
      }),
    },
    plain('anonymous', async () => ({})),
  ];
}

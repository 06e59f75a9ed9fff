import { callAsShop, type TokenKeys } from '@popstage/testkit/shop';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { localShopify } from './local-shopify';

/**
 * Brings a sandbox shop to "ready" through the server's own API, as a merchant's clicks would:
 * plan (draft → purchase → sandbox approval), phone verification (sandbox bot token, code from the
 * sandbox outbox), core store account (polled until the job made it), seller account, theme app
 * embed, live page, products on the sales channel, and the first Popclip skipped.
 */

/** What the sandbox bot check accepts (apps/admin bot-check.ts sends the same). */
export const SANDBOX_BOT_TOKEN = 'sandbox-bot-check';

export type ShopApi = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
) => Promise<T>;

/** The started app's keys (global-setup.ts): what signs a shop's session tokens. */
function appKeys(): TokenKeys {
  const apiKey = process.env.E2E_SHOPIFY_API_KEY;
  const apiSecret = process.env.E2E_SHOPIFY_API_SECRET;
  if (!apiKey || !apiSecret) throw new Error('global-setup.ts did not start the app');
  return { apiKey, apiSecret };
}

/** Calls /api as `shop` with a session token; fails the test on a non-2xx answer. */
export function shopApi(request: APIRequestContext, base: string, shop: string): ShopApi {
  const call = callAsShop(appKeys(), ({ method, url, headers, body }) =>
    request.fetch(`${base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { data: body }),
    }),
  );
  return async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: object,
  ): Promise<T> => {
    const response = await call(shop, method, path, data);
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(
      true,
    );
    return (await response.json()) as T;
  };
}

/** A North American test number no other journey of this run uses (limits are per phone). */
export function uniquePhone(): string {
  return `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** The newest code the sandbox SMS outbox holds for `phone`. */
export async function readOtpCode(
  request: APIRequestContext,
  base: string,
  phone: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(
        `${base}/sandbox/api/outbox?phone=${encodeURIComponent(phone)}`,
      );
      const { messages } = (await answer.json()) as { messages: { code: string }[] };
      code = messages[0]?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Subscribes and, when the selection is paid, approves the charge on the sandbox's form endpoint. */
export async function subscribe(
  request: APIRequestContext,
  base: string,
  shop: string,
  addonIds: string[],
): Promise<void> {
  const api = shopApi(request, base, shop);
  const draft = await api<{ id: string }>('POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: 'bundle-flexible-2025-monthly',
    extraAddonIds: addonIds,
  });
  const purchase = await api<{ confirmationUrl: string | null }>(
    'POST',
    '/api/shopify/shop/subscription',
    { draftId: draft.id },
  );
  if (purchase.confirmationUrl) {
    const approve = await request.post(`${purchase.confirmationUrl}/approve`, { maxRedirects: 0 });
    expect(approve.status()).toBe(303);
    await request.get(approve.headers().location ?? '');
  }
}

/** Phone verification, core store account and seller account: the account guard passes. */
export async function createAccounts(
  request: APIRequestContext,
  base: string,
  shop: string,
): Promise<void> {
  const api = shopApi(request, base, shop);
  const phone = uniquePhone();
  const sent = await api<{ data: { challengeId: string } }>(
    'POST',
    '/api/shopify/shop/account/otp/send',
    { phone, botToken: SANDBOX_BOT_TOKEN },
  );
  const code = await readOtpCode(request, base, phone);
  const verified = await api<{ data: { uid: string } }>(
    'POST',
    '/api/shopify/shop/account/otp/verify',
    {
      challengeId: sent.data.challengeId,
      code,
    },
  );
  const email = `owner-${phone.slice(1)}@example.com`;
  await api('POST', '/api/shopify/shop/connections/commentsold', { email });
  await expect
    .poll(
      async () =>
        (await api<{ created: boolean }>('GET', '/api/shopify/shop/connections/commentsold'))
          .created,
      { interval: 500, timeout: 20_000 },
    )
    .toBe(true);
  const { uid } = verified.data;
  await api('POST', '/api/shopify/shop/psl-account', {
    firstName: 'Dana',
    lastName: 'Demo',
    phoneNumber: phone,
    // The server requires the uid's first 8 and 6 characters (spec 01 §3).
    username: uid.slice(0, 8),
    bio: uid.slice(0, 6),
    email,
    avatar: '',
    uid,
    shopifyDomain: shop,
    store: {
      passcode: '',
      storeName: 'Demo Store',
      sellerAddress: {
        city: '',
        line1: '',
        line2: '',
        postalCode: '',
        primaryPhone: phone,
        state: '',
        country: '',
      },
    },
  });
}

/** Wizard steps 1-3 through the store and the API: the onboarding guard passes. */
export async function completeOnboarding(
  request: APIRequestContext,
  base: string,
  shop: string,
): Promise<void> {
  const api = shopApi(request, base, shop);
  // The app's first load, as a merchant opening it: it connects the Popstage sales channel.
  await api('GET', '/api/shopify/shop');
  const embed = await request.post(`${localShopify(base)}/sandbox/api/shops/${shop}/embed`, {
    data: { enabled: true },
  });
  expect(embed.ok()).toBe(true);
  await api('POST', '/api/shopify/shop/live-page');
  const publish = await request.post(
    `${localShopify(base)}/sandbox/api/shops/${shop}/publish-products`,
  );
  expect(publish.ok()).toBe(true);
  await api('POST', '/api/shopify/shop-info', { key: 'skippedFirstPopclipsCreation', value: true });
}

/** A subscribed, account-holding, onboarded shop: every guard lets it onto the main pages. */
export async function prepareShop(
  request: APIRequestContext,
  base: string,
  shop: string,
  addonIds: string[],
): Promise<void> {
  await subscribe(request, base, shop, addonIds);
  await createAccounts(request, base, shop);
  await completeOnboarding(request, base, shop);
  const ready = await shopApi(
    request,
    base,
    shop,
  )<Record<string, unknown>>('GET', '/api/shopify/shop');
  expect(ready).toMatchObject({
    subscriptionActive: true,
    csStoreCreated: true,
    popshopliveAccountCreated: true,
    embedEnabled: true,
    livePageCreated: true,
    skippedFirstPopclipsCreation: true,
  });
}

/** The first product the admin's catalogue offers for tagging (published to the sales channel). */
export async function firstPublishedProduct(api: ShopApi): Promise<{ id: string; handle: string }> {
  const products = await api<{ data: { id: string; handle: string }[] }>(
    'GET',
    '/api/catalogue/products?query=',
  );
  const product = products.data[0];
  if (!product) throw new Error('the sandbox catalogue has no published product');
  return product;
}

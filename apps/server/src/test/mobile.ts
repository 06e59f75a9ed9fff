import { APP_ICON_SIZE, LAUNCH_SCREEN_SIZE } from '@popstage/core/mobile';
import { pngImage } from '@popstage/testkit/image';
import { expect } from 'vitest';
import { findShop } from '../features/shop';
import { call, type TestApp } from './app';
import { chargedBy, insertActiveSubscription } from './billing';
import { putSigned } from './popclips';

/** Test helpers for the mobile app builder. */

/** An active subscription with the given add-on (the shop row is created first). */
export async function subscribeMobile(t: TestApp, shop: string, addonId: string) {
  await call(t, shop, 'GET', '/api/shopify/shop');
  const row = await findShop(t.deps.database.db, shop);
  if (!row) throw new Error(`no shop row for ${shop}`);
  await insertActiveSubscription(t.deps.database.db, {
    shopId: row.id,
    addonIds: [addonId],
    ...chargedBy(`gid://shopify/AppSubscription/${Date.now()}`, '79.99'),
    activatedAt: t.clock.now(),
  });
}

/** PNGs by size, made once: a 1536x1536 one takes a moment to deflate. */
const pngs = new Map<string, Buffer>();
function cachedPng(size: { width: number; height: number }): Buffer {
  const id = `${size.width}x${size.height}`;
  const png = pngs.get(id) ?? pngImage(size);
  pngs.set(id, png);
  return png;
}

/**
 * Uploads an image through the signed link and answers its public URL: a PNG of `size`, or the
 * given bytes declared as `contentType`.
 */
export async function uploadAppImage(
  t: TestApp,
  shop: string,
  image: { width: number; height: number } | { bytes: Buffer; contentType: string },
  fileName = 'My icon (1).png',
) {
  const [bytes, contentType] =
    'bytes' in image ? [image.bytes, image.contentType] : [cachedPng(image), 'image/png'];
  const link = await call(
    t,
    shop,
    'GET',
    `/api/store/v1/files/signed-link?path=apps/${shop}&contentType=${contentType}&public=true&fileName=${encodeURIComponent(fileName)}`,
  );
  expect(link.statusCode, link.body).toBe(200);
  const { uploadURL, publicUrl } = link.json() as { uploadURL: string; publicUrl: string };
  const put = await putSigned(t, uploadURL, bytes, contentType);
  expect(put.statusCode, put.body).toBe(200);
  return publicUrl;
}

export const ALL_STEPS_DONE = {
  dunsCompletedAt: 1_700_000_000_000,
  iosDevCompletedAt: 1_700_000_000_001,
  addDevEmailCompletedAt: 1_700_000_000_002,
};

/** A complete app request body for the shop (images of the spec's sizes uploaded, first collection). */
export async function appRequestBody(t: TestApp, shop: string) {
  const [collection] = await t.deps.storefront.searchCollections(shop);
  if (!collection) throw new Error('no collection');
  return {
    appleCompanyName: 'Demo Store LLC',
    appleDevTeamId: 'ABCDE12345',
    desiredAppName: 'Demo Store',
    altAppNameOne: 'Demo Shop',
    altAppNameTwo: 'Demo Boutique',
    iconS3Url: await uploadAppImage(t, shop, APP_ICON_SIZE),
    launchS3Url: await uploadAppImage(t, shop, LAUNCH_SCREEN_SIZE, 'launch.png'),
    supportUrl: 'help.example.com',
    primaryColor: '#112233',
    secondaryColor: '#ddeeff',
    collectionId: collection.id,
  };
}

/**
 * A customer access token of sandbox customer `n` (shopper{n}@example.com), from the local
 * Shopify's Storefront API as the branded app's customer login gets it; the customer's id is
 * gid://shopify/Customer/{n}.
 */
export async function customerAccessToken(t: TestApp, shop: string, n: number): Promise<string> {
  await t.deps.storefront.ensureToken(shop);
  const row = await findShop(t.deps.database.db, shop);
  if (!row?.storefrontAccessToken) throw new Error(`no storefront token for ${shop}`);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/sandbox/${shop}/api/${t.deps.config.SHOPIFY_API_VERSION}/graphql.json`,
    headers: {
      'x-shopify-storefront-access-token': t.deps.secrets.decrypt(row.storefrontAccessToken),
    },
    payload: {
      query: `mutation Login($input: CustomerAccessTokenCreateInput!) {
        customerAccessTokenCreate(input: $input) {
          customerAccessToken { accessToken }
          customerUserErrors { message }
        }
      }`,
      variables: { input: { email: `shopper${n}@example.com`, password: 'sandbox-password' } },
    },
  });
  const token = answer.json().data?.customerAccessTokenCreate?.customerAccessToken?.accessToken;
  expect(token, answer.body).toEqual(expect.any(String));
  return token as string;
}

/** The merchant composes a custom notification (body 'b' unless given); answers the call. */
export const composeNotification = (
  t: TestApp,
  shop: string,
  fields: { title: string; body?: string; route?: string; sentAt?: string; customerIds?: string[] },
) =>
  call(t, shop, 'POST', '/api/shopify/shop/mobile/notifications', {
    type: 'custom',
    body: 'b',
    ...fields,
  });

import { createHmac } from 'node:crypto';
import { signedQueryMessage } from '@popstage/core/signed-query';
import { EMBED_PARAMS } from './client/embed-params';

/**
 * What Shopify's admin adds to the app's URL on its first load: the merchant's session token
 * (`id_token`), the admin's locale, the user session's id and the time, signed with `hmac`.
 */
export interface LaunchParams {
  idToken: string;
  locale: string;
  session: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** The app's client secret: `hmac` signs the other parameters with it. */
  apiSecret: string;
}

/** Shopify's `hmac` of a request's query: HMAC-SHA256 (hex) of its signed message, with the app's secret. */
export function queryHmac(params: URLSearchParams, apiSecret: string): string {
  return createHmac('sha256', apiSecret).update(signedQueryMessage(params)).digest('hex');
}

/** Shopify's `host`: the admin's address for the shop, base64url-encoded. */
export function hostParam(shop: string): string {
  const handle = shop.replace(/\.myshopify\.com$/, '');
  return Buffer.from(`admin.shopify.com/store/${handle}`).toString('base64url');
}

/**
 * Where the admin's iframe points, as in Shopify: the app's URL, the app path of the deep link
 * (`/popclips/list`) with its query, then `shop`, `host`, `embedded=1` and, on the first load, the
 * launch parameters signed with `hmac`.
 */
export function embeddedAppUrl(
  appUrl: string,
  shop: string,
  path: string,
  query: URLSearchParams,
  launch?: LaunchParams,
): string {
  const params = new URLSearchParams(query);
  for (const name of EMBED_PARAMS) params.delete(name);
  params.set('shop', shop);
  params.set('host', hostParam(shop));
  params.set('embedded', '1');
  if (launch) {
    params.set('id_token', launch.idToken);
    params.set('locale', launch.locale);
    params.set('session', launch.session);
    params.set('timestamp', String(launch.timestamp));
    params.set('hmac', queryHmac(params, launch.apiSecret));
  }
  // The app's home is its URL as configured, as in Shopify; deeper paths are appended to it.
  const base = path === '/' || path === '' ? appUrl : `${appUrl.replace(/\/+$/, '')}${path}`;
  return `${base}?${params}`;
}

/** The CSP source that lets the page frame the app: its origin, or 'self' for a path here. */
export function frameSource(appUrl: string): string {
  return URL.canParse(appUrl) ? new URL(appUrl).origin : "'self'";
}

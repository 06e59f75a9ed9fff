/** Query parameters the admin sets on the app's URL; the deep link's own values never win. */
const EMBED_PARAMS = ['shop', 'host', 'embedded'];

/** Shopify's `host`: the admin's address for the shop, base64url-encoded. */
export function hostParam(shop: string): string {
  const handle = shop.replace(/\.myshopify\.com$/, '');
  return Buffer.from(`admin.shopify.com/store/${handle}`).toString('base64url');
}

/**
 * Where the admin's iframe points, as in Shopify: the app's URL, the app path of the deep link
 * (`/popclips/list`) with its query, then `shop`, `host` and `embedded=1`.
 */
export function embeddedAppUrl(
  appUrl: string,
  shop: string,
  path: string,
  query: URLSearchParams,
): string {
  const params = new URLSearchParams(query);
  for (const name of EMBED_PARAMS) params.delete(name);
  params.set('shop', shop);
  params.set('host', hostParam(shop));
  params.set('embedded', '1');
  // The app's home is its URL as configured, as in Shopify; deeper paths are appended to it.
  const base = path === '/' || path === '' ? appUrl : `${appUrl.replace(/\/+$/, '')}${path}`;
  return `${base}?${params}`;
}

/** The CSP source that lets the page frame the app: its origin, or 'self' for a path here. */
export function frameSource(appUrl: string): string {
  return URL.canParse(appUrl) ? new URL(appUrl).origin : "'self'";
}

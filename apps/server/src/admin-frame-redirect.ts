import { isShopDomain } from '@popstage/core/shop';
import { DEMO_SHOP } from '@popstage/shopify-sandbox/store/shop-definitions';

/** The local Shopify's admin page of the app (apps/shopify-sandbox admin frame, at /sandbox). */
const adminFrameBase = (shop: string) => `/sandbox/store/${shop}/apps/popstage`;

interface AdminRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * In sandbox mode the admin runs, as in Shopify, only inside the admin frame. An admin page
 * opened on its own (http://localhost:3000/, an "Open admin" link, the billing return) is sent
 * there with its path and query; the shop comes from `?shop=` (the frame answers 404 for a shop the
 * local Shopify does not have), else the demo store. Embedded requests carry `host`/`embedded` (the frame's iframe URL) and pass; so does
 * any iframe navigation (`Sec-Fetch-Dest: iframe`), such as a reload of the app after its router
 * dropped the query: redirecting those would nest the admin inside itself.
 */
export function adminFrameRedirect(request: AdminRequest): string | null {
  const url = new URL(request.url, 'http://app.invalid');
  const { searchParams } = url;
  if (searchParams.has('host') || searchParams.has('embedded')) return null;
  if (request.headers['sec-fetch-dest'] === 'iframe') return null;
  const requested = searchParams.get('shop')?.trim().toLowerCase();
  const shop = requested && isShopDomain(requested) ? requested : DEMO_SHOP;
  // The admin frame gives the app its own `shop`.
  searchParams.delete('shop');
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${adminFrameBase(shop)}${path}${url.search}`;
}

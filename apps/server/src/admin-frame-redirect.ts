import { isShopDomain } from '@popstage/core/shop';
import { DEMO_SHOP } from '@popstage/shopify-sandbox/shops';
import { adminPageOf, localAdmin } from './http/shopify-admin';

interface AdminRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * With a local Shopify (mounted in the app or running alone) the admin runs, as in Shopify, only
 * inside its admin frame. An admin page opened on its own (http://localhost:3000/, an "Open admin"
 * link) is sent there with its path and query; the shop comes from `?shop=` (the frame answers
 * 404 for a shop the local Shopify does not have), else the demo store. Embedded requests carry
 * `host`/`embedded` (the frame's iframe URL) and pass; so does any iframe navigation
 * (`Sec-Fetch-Dest: iframe`), such as a reload of the app after its router dropped the query:
 * redirecting those would nest the admin inside itself. With Shopify's admin, null: Shopify's App
 * Bridge does it.
 */
export function adminFrameRedirect(
  request: AdminRequest,
  config: Parameters<typeof adminPageOf>[0],
): string | null {
  const url = new URL(request.url, 'http://app.invalid');
  const { searchParams } = url;
  // Shopify's own App Bridge sends a page opened outside the admin into it.
  if (!localAdmin(config)) return null;
  if (searchParams.has('host') || searchParams.has('embedded')) return null;
  if (request.headers['sec-fetch-dest'] === 'iframe') return null;
  const requested = searchParams.get('shop')?.trim().toLowerCase();
  const shop = requested && isShopDomain(requested) ? requested : DEMO_SHOP;
  // The admin frame gives the app its own `shop`.
  searchParams.delete('shop');
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${adminPageOf(config, shop)}${path}${url.search}`;
}

import type { HostKind } from './types';

const SHOPIFY_ADMIN_ORIGIN = /^https:\/\/admin\.shopify\.com(\/|$)/;

/**
 * Shopify opens embedded apps in an iframe of admin.shopify.com with a `host` query parameter;
 * anything else (http://localhost:3000, CI, e2e) is the offline sandbox.
 */
export function detectHostKind(win: Window): HostKind {
  if (new URLSearchParams(win.location.search).has('host')) return 'shopify';
  const framed = win.self !== win.top;
  return framed && SHOPIFY_ADMIN_ORIGIN.test(win.document.referrer) ? 'shopify' : 'sandbox';
}

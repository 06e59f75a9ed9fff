import { detectHostKind } from './detect-host';
import { createShopifyHost } from './shopify/create-shopify-host';
import type { Host } from './types';

/**
 * The one place that decides where the admin runs: always inside a Shopify admin through App
 * Bridge, Shopify's own or the local Shopify's admin frame (/sandbox/store/<shop>/apps/popstage).
 */
export function createHost(win: Window = window): Host {
  return createShopifyHost(win, { kind: detectHostKind(win.document) });
}

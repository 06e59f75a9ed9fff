import type { AppBridgeGlobal } from './app-bridge-types';

/**
 * App Bridge as the document loaded it: the server writes the `shopify-api-key` meta tag and App
 * Bridge's script (Shopify's CDN, or the local Shopify's) first in <head>, so `window.shopify`
 * exists before any module script runs.
 */
export function appBridge(win: Window): AppBridgeGlobal {
  const shopify = (win as Window & { shopify?: AppBridgeGlobal }).shopify;
  if (!shopify)
    throw new Error('App Bridge is not loaded: the admin document has no App Bridge script');
  return shopify;
}

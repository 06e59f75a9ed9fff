import type { ReactNode } from 'react';
import type { Host } from '../types';
import { appBridge } from './app-bridge';
import { ShopifyHostFrame } from './ShopifyHostFrame';

/** Inside Shopify's admin (or the local Shopify's): session tokens and chrome from App Bridge. */
export async function createShopifyHost(win: Window): Promise<Host> {
  const shopify = appBridge(win);
  const shopDomain =
    shopify.config.shop ?? new URLSearchParams(win.location.search).get('shop') ?? '';
  return {
    kind: 'shopify',
    shopDomain,
    // App Bridge caches the ID token and renews it itself.
    getSessionToken: () => shopify.idToken(),
    renderFrame: (children: ReactNode) => (
      <ShopifyHostFrame shopify={shopify} shopDomain={shopDomain} win={win}>
        {children}
      </ShopifyHostFrame>
    ),
  };
}

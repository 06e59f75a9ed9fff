import type { ReactNode } from 'react';
import type { Host } from '../types';
import { loadAppBridge } from './load-app-bridge';
import { ShopifyHostFrame } from './ShopifyHostFrame';

/** Loads App Bridge (only ever inside Shopify) and takes session tokens from it. */
export async function createShopifyHost(win: Window): Promise<Host> {
  const shopify = await loadAppBridge(win);
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

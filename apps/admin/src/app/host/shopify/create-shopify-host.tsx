import type { ReactNode } from 'react';
import type { Host, HostKind } from '../types';
import { appBridge } from './app-bridge';
import { ShopifyHostFrame } from './ShopifyHostFrame';

/**
 * Inside Shopify's admin or the local Shopify's: session tokens and chrome from App Bridge.
 * `kind` says which Shopify it is (see detect-host.ts).
 */
export function createShopifyHost(win: Window, { kind }: { kind: HostKind }): Host {
  const shopify = appBridge(win);
  const shopDomain =
    shopify.config.shop ?? new URLSearchParams(win.location.search).get('shop') ?? '';
  return {
    kind,
    shopDomain,
    // App Bridge caches the ID token and renews it itself.
    getSessionToken: () => shopify.idToken(),
    renderFrame: (children: ReactNode) => (
      <ShopifyHostFrame shopify={shopify} kind={kind} shopDomain={shopDomain} win={win}>
        {children}
      </ShopifyHostFrame>
    ),
  };
}

import type { HostKind } from './types';

/** The local Shopify's App Bridge, which the server writes into the document in sandbox mode. */
const LOCAL_APP_BRIDGE = /\/sandbox\/app-bridge\.js$/;

/**
 * Which Shopify the admin runs in: the server writes Shopify's CDN App Bridge in Shopify mode and
 * the local Shopify's in sandbox mode (apps/server/src/http/admin-document.ts). Both frame the
 * admin alike; only where the merchant changes the store (theme editor, products) and support
 * differ.
 */
export function detectHostKind(doc: Document): HostKind {
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[src]')];
  return scripts.some((script) => LOCAL_APP_BRIDGE.test(script.getAttribute('src') ?? ''))
    ? 'sandbox'
    : 'shopify';
}

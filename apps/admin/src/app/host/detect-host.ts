import type { HostKind } from './types';

/**
 * The local Shopify's App Bridge, which the server writes into the document when the admin is a
 * local Shopify's: `/sandbox/app-bridge.js` when mounted in the app, absolute when it runs alone.
 */
const LOCAL_APP_BRIDGE = /\/sandbox\/app-bridge\.js$/;

const localAppBridge = (doc: Document) =>
  [...doc.querySelectorAll<HTMLScriptElement>('script[src]')]
    .map((script) => script.getAttribute('src') ?? '')
    .find((src) => LOCAL_APP_BRIDGE.test(src));

/**
 * Which Shopify the admin runs in: the server writes Shopify's CDN App Bridge in Shopify mode and
 * the local Shopify's in sandbox mode (apps/server/src/http/admin-document.ts). Both frame the
 * admin alike; only where the merchant changes the store (theme editor, products) and support
 * differ.
 */
export function detectHostKind(doc: Document): HostKind {
  return localAppBridge(doc) ? 'sandbox' : 'shopify';
}

/** The local Shopify's pages (its /sandbox control page), on its own origin when it runs alone. */
export function localShopifyUrl(doc: Document = document): string {
  return (localAppBridge(doc) ?? '/sandbox/app-bridge.js').replace(/\/app-bridge\.js$/, '');
}

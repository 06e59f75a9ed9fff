import type { AppBridgeGlobal } from './app-bridge-types';

export const APP_BRIDGE_SRC = 'https://cdn.shopify.com/shopifycloud/app-bridge.js';
const LOAD_TIMEOUT_MS = 15_000;

/**
 * Shopify requires App Bridge from its CDN. It reads the app's key from a meta tag, so the tag is
 * written first (the server may already have rendered one; VITE_SHOPIFY_API_KEY otherwise).
 */
export async function loadAppBridge(win: Window): Promise<AppBridgeGlobal> {
  const doc = win.document;
  const existing = (win as Window & { shopify?: AppBridgeGlobal }).shopify;
  if (existing) return existing;

  if (!doc.querySelector('meta[name="shopify-api-key"]')) {
    const apiKey = import.meta.env.VITE_SHOPIFY_API_KEY as string | undefined;
    if (!apiKey) throw new Error('The Shopify API key is not configured (shopify-api-key meta).');
    const meta = doc.createElement('meta');
    meta.name = 'shopify-api-key';
    meta.content = apiKey;
    doc.head.prepend(meta);
  }

  await new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = APP_BRIDGE_SRC;
    const timer = win.setTimeout(
      () => reject(new Error('App Bridge did not load')),
      LOAD_TIMEOUT_MS,
    );
    script.addEventListener('load', () => {
      win.clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => {
      win.clearTimeout(timer);
      reject(new Error('App Bridge could not be loaded'));
    });
    doc.head.querySelector('meta[name="shopify-api-key"]')?.after(script);
  });

  const shopify = (win as Window & { shopify?: AppBridgeGlobal }).shopify;
  if (!shopify) throw new Error('App Bridge loaded without defining window.shopify');
  return shopify;
}

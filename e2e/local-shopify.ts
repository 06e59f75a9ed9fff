/**
 * The origin of the local Shopify the app under test talks to: the app's own origin in sandbox
 * mode (it mounts the local Shopify at /sandbox), the local Shopify's own server when the run is
 * E2E_PLATFORM=shopify (global-setup.ts). Its admin, storefront, control page and billing pages
 * live there; the app's offline consoles (/sandbox/outbox, /sandbox/support) stay on the app.
 */
export function localShopify(appBase: string): string {
  return process.env.E2E_SHOPIFY_URL || appBase;
}

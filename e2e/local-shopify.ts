/**
 * The origin of the local Shopify that the app at `appBase` talks to: the app's own origin in
 * sandbox mode (it mounts the local Shopify at /sandbox); for the run's app when the run is
 * E2E_PLATFORM=shopify, the local Shopify's own server (global-setup.ts). Its admin, storefront,
 * control page and billing pages live there; the app's offline consoles (/sandbox/outbox,
 * /sandbox/support) stay on the app. A journey that starts an app of its own gets that app.
 */
export function localShopify(appBase: string): string {
  const store = process.env.E2E_SHOPIFY_URL;
  return store && appBase === process.env.E2E_BASE_URL ? store : appBase;
}

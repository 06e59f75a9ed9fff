import type { Config } from '../config';

/**
 * Where the merchant's admin is: Shopify's (admin.shopify.com), or the local Shopify's admin
 * frame, mounted in the app at /sandbox (sandbox mode) or running alone at SHOPIFY_ADMIN_URL
 * (either mode). The app's pages that send the merchant back to the admin, and the CSPs that let
 * the admin frame the app, ask here.
 */
type AdminConfig = Pick<Config, 'PLATFORM' | 'SHOPIFY_ADMIN_URL' | 'SHOPIFY_API_KEY'>;

/** Whether the admin is a local Shopify's. */
export const localAdmin = (config: AdminConfig): boolean =>
  config.PLATFORM === 'sandbox' || config.SHOPIFY_ADMIN_URL !== undefined;

/** The app's page in the shop's admin (absolute, or a path on the app when mounted in it). */
export function adminPageOf(config: AdminConfig, shop: string): string {
  if (localAdmin(config)) {
    const base = (config.SHOPIFY_ADMIN_URL ?? '/sandbox').replace(/\/+$/, '');
    return `${base}/store/${shop}/apps/popstage`;
  }
  const store = shop.replace(/\.myshopify\.com$/, '');
  return `https://admin.shopify.com/store/${store}/apps/${config.SHOPIFY_API_KEY}`;
}

/** The origin of a local Shopify running alone, which frames the app; '' otherwise. */
export const localAdminOrigin = (config: AdminConfig): string =>
  config.SHOPIFY_ADMIN_URL ? new URL(config.SHOPIFY_ADMIN_URL).origin : '';

/** Shopify's rule for a shop's permanent domain (what session tokens and webhooks name). */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value);
}

import { z } from 'zod';

/** A Shopify shop's permanent domain (`<handle>.myshopify.com`), the tenant's name everywhere. */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value);
}

export const shopDomainSchema = z.string().regex(SHOP_DOMAIN, 'Invalid shop domain');

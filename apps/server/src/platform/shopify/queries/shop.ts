import type { PlatformShop } from '../../port';
import type { PopstageShopQuery } from '../generated/admin.types';

// https://shopify.dev/docs/api/admin-graphql/2026-10/objects/Shop
export const SHOP_QUERY = /* GraphQL */ `
  query PopstageShop {
    shop {
      name
      email
      contactEmail
      myshopifyDomain
      primaryDomain {
        url
      }
      currencyCode
      createdAt
      shopOwnerName
      ianaTimezone
      plan {
        partnerDevelopment
      }
    }
  }
`;

export function toPlatformShop(shop: PopstageShopQuery['shop']): PlatformShop {
  return {
    domain: shop.myshopifyDomain,
    name: shop.name,
    ownerName: shop.shopOwnerName,
    // `email` is the owner's (Shopify writes to it); contactEmail is the public one.
    email: shop.email || shop.contactEmail || '',
    primaryDomainUrl: shop.primaryDomain.url,
    currency: shop.currencyCode,
    createdAt: new Date(shop.createdAt).toISOString(),
    developmentStore: shop.plan.partnerDevelopment,
    ...(shop.ianaTimezone ? { timeZone: shop.ianaTimezone } : {}),
  };
}

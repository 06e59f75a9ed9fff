import type { PlatformShop } from '../../port';

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

export interface ShopNode {
  name: string;
  email: string;
  contactEmail: string | null;
  myshopifyDomain: string;
  primaryDomain: { url: string };
  currencyCode: string;
  createdAt: string;
  shopOwnerName: string;
  ianaTimezone?: string | null;
  plan: { partnerDevelopment: boolean };
}

export function toPlatformShop(shop: ShopNode): PlatformShop {
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

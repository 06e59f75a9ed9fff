import { shopObject } from '../graphql/shared-objects';
import type { AdminContext } from './context';
import { primaryDomainOf } from './web-presences';

/**
 * The sandbox shops' time zones (Insights counts days in them): the demo store is on New York
 * time, the other store on Kolkata's half-hour offset, so both kinds of zone are exercised.
 */
const TIME_ZONES: Record<string, string> = {
  'demo-store.myshopify.com': 'America/New_York',
  'other-store.myshopify.com': 'Asia/Kolkata',
};

export function shop(_args: unknown, context: AdminContext) {
  return shopObject(context, (found) => ({
    email: found.email,
    contactEmail: found.email,
    myshopifyDomain: found.domain,
    primaryDomain: () => primaryDomainOf(context, found.primaryDomainUrl),
    currencyCode: found.currency,
    createdAt: found.createdAt,
    shopOwnerName: found.ownerName,
    ianaTimezone: TIME_ZONES[found.domain] ?? 'UTC',
    // https://shopify.dev/docs/api/admin-graphql/2026-10/objects/ShopPlan
    plan: async () => {
      const development = (await context.store.partnerDevelopment(context.shop)) ?? false;
      return {
        __typename: 'ShopPlan',
        partnerDevelopment: development,
        publicDisplayName: development ? 'Development' : 'Basic',
        shopifyPlus: false,
      };
    },
  }));
}

import { toGid } from '../store/gid';
import type { AdminContext } from './context';

export async function shop(_args: unknown, context: AdminContext) {
  const found = await context.store.getShop(context.shop);
  if (!found) return null;
  return {
    __typename: 'Shop',
    id: toGid('Shop', 1),
    name: found.name,
    email: found.email,
    contactEmail: found.email,
    myshopifyDomain: found.domain,
    primaryDomain: {
      __typename: 'Domain',
      url: found.primaryDomainUrl,
      host: new URL(found.primaryDomainUrl).host,
    },
    currencyCode: found.currency,
    createdAt: found.createdAt,
    shopOwnerName: found.ownerName,
  };
}

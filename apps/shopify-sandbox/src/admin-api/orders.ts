import { GraphQLError } from 'graphql';
import { connection } from '../graphql/shared-objects';
import { toGid } from '../store/gid';
import type { AdminContext } from './context';

/**
 * Admin API `orders`: Order objects are protected customer data. An app without Shopify's
 * approval gets ACCESS_DENIED, as on Shopify; with it, the shop's newest orders (the fields the
 * app reads: ids and names).
 * https://shopify.dev/docs/apps/launch/protected-customer-data
 */
export async function orders(args: { first?: number | null }, context: AdminContext) {
  if (!(await context.store.protectedCustomerData(context.shop))) {
    throw new GraphQLError(
      'This app is not approved to access the Order object. See https://partners.shopify.com for more details.',
      { extensions: { code: 'ACCESS_DENIED' } },
    );
  }
  const rows = await context.store.carts.latestOrders(context.shop, args.first ?? 0);
  return connection(
    rows.map((row) => ({ __typename: 'Order', id: toGid('Order', row.id), name: row.name })),
  );
}

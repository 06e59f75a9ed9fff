import { shopObjectGid } from '../store/gid';
import type { SandboxStore } from '../store/store';
import type { PlatformCollection, PlatformProduct, PlatformShop } from '../store/types';

/**
 * What the Admin and the Storefront API answer alike: connections, money, a product's price range
 * and the fields every Shop and Collection object opens with. Each API adds its own fields.
 */

/** A connection answer with both `nodes` and `edges`, as Shopify serves either. */
export function connection<T>(
  nodes: T[],
  pageInfo: { hasNextPage: boolean; endCursor: string | null } = {
    hasNextPage: false,
    endCursor: null,
  },
) {
  return {
    nodes,
    edges: nodes.map((node, index) => ({
      node,
      cursor: index === nodes.length - 1 && pageInfo.endCursor ? pageInfo.endCursor : String(index),
    })),
    pageInfo: {
      ...pageInfo,
      hasPreviousPage: false,
      startCursor: null,
    },
  };
}

/** A list field taking `first`: its first items as a connection (none when `first` is absent). */
export const firstOf =
  <T>(items: readonly T[]) =>
  ({ first }: { first?: number }) =>
    connection(items.slice(0, first ?? 0));

export const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });

/** A product's cheapest and dearest variant price (Admin: priceRangeV2; Storefront: priceRange). */
export function variantPriceRange(product: PlatformProduct) {
  const { min, max, currencyCode } = product.priceRange;
  return { minVariantPrice: money(min, currencyCode), maxVariantPrice: money(max, currencyCode) };
}

/** The request's shop as a Shop object (null when the store has no such shop), with `fields`. */
export async function shopObject<Fields extends object>(
  context: { shop: string; store: SandboxStore },
  fields: (shop: PlatformShop) => Fields,
) {
  const found = await context.store.getShop(context.shop);
  if (!found) return null;
  return {
    __typename: 'Shop',
    id: shopObjectGid(found.domain, 'Shop'),
    name: found.name,
    ...fields(found),
  };
}

/** The fields a Collection object opens with in either API. */
export const collectionFields = (collection: PlatformCollection) => ({
  __typename: 'Collection',
  id: collection.id,
  handle: collection.handle,
  title: collection.title,
});

import { collectionFields, connection } from '../graphql/shared-objects';
import type { PlatformCollection } from '../store/types';
import type { AdminContext } from './context';
import { parseSearch } from './search-syntax';

function collectionObject(collection: PlatformCollection) {
  return {
    ...collectionFields(collection),
    productsCount: { count: collection.productsCount, precision: 'EXACT' },
  };
}

export async function collections(
  args: { first?: number; after?: string | null; query?: string | null },
  context: AdminContext,
) {
  const { terms } = parseSearch(args.query);
  const page = await context.store.listCollections(context.shop, {
    first: args.first ?? 0,
    after: args.after ?? null,
    ...(terms.length > 0 ? { query: terms.join(' ') } : {}),
  });
  return connection(page.nodes.map(collectionObject), page.pageInfo);
}

export async function collection(args: { id: string }, context: AdminContext) {
  const found = await context.store.getCollection(context.shop, args.id);
  return found ? collectionObject(found) : null;
}

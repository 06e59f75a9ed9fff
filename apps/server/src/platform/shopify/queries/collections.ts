import type { PlatformCollection } from '../../port';
import type { PopstageCollectionQuery } from '../generated/admin.types';

// Collection.productsCount is a Count object ({ count precision }) in current versions.
// https://shopify.dev/docs/api/admin-graphql/2026-10/queries/collections
export const COLLECTIONS_QUERY = /* GraphQL */ `
  query PopstageCollections($first: Int!, $after: String, $query: String) {
    collections(first: $first, after: $after, query: $query, sortKey: ID) {
      nodes {
        id
        title
        handle
        productsCount {
          count
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

// https://shopify.dev/docs/api/admin-graphql/2026-10/queries/collection
export const COLLECTION_BY_ID_QUERY = /* GraphQL */ `
  query PopstageCollection($id: ID!) {
    collection(id: $id) {
      id
      title
      handle
      productsCount {
        count
      }
    }
  }
`;

/** A collection as both documents ask for it. */
type CollectionNode = NonNullable<PopstageCollectionQuery['collection']>;

export function toPlatformCollection(node: CollectionNode): PlatformCollection {
  return {
    id: node.id,
    title: node.title,
    handle: node.handle,
    productsCount: node.productsCount?.count ?? 0,
  };
}

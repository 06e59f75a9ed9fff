/**
 * The app's own publication (its sales channel) and publishing to it.
 * - The root `publications(catalogType: APP)`, whose catalog lists the app (AppCatalog.apps):
 *   AppInstallation.publication is deprecated in 2026-10 ("Use the root-level `publications`
 *   query instead").
 * - publishedProductsCount(publicationId:) { count }.
 * - publishablePublish(id:, input: [{ publicationId }]); publishablePublishToCurrentChannel is
 *   deprecated ("Use publishablePublish instead"), so we publish to the explicit publication.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/queries/publishedProductsCount
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/publishablePublish
 */
export const APP_PUBLICATION_QUERY = /* GraphQL */ `
  query PopstageAppPublication($after: String) {
    currentAppInstallation {
      app {
        id
      }
    }
    publications(first: 25, catalogType: APP, after: $after) {
      nodes {
        id
        catalog {
          ... on AppCatalog {
            apps(first: 5) {
              nodes {
                id
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export interface AppPublicationData {
  currentAppInstallation: { app: { id: string } };
  publications: {
    nodes: { id: string; catalog: { apps?: { nodes: { id: string }[] } } | null }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

export const PUBLISHED_PRODUCTS_COUNT_QUERY = /* GraphQL */ `
  query PopstagePublishedProductsCount($publicationId: ID!) {
    publishedProductsCount(publicationId: $publicationId) {
      count
    }
  }
`;

export interface PublishedProductsCountData {
  publishedProductsCount: { count: number } | null;
}

/** Products per publish mutation: each publishablePublish costs 10 points of the bucket. */
export const PUBLISH_BATCH_SIZE = 25;

/**
 * One mutation publishing several products, one aliased publishablePublish per product (p0, p1...)
 * so a batch is one round trip and one throttle decision.
 */
export function publishProductsMutation(count: number): string {
  const ids = Array.from({ length: count }, (_, i) => `$id${i}: ID!`).join(', ');
  const fields = Array.from(
    { length: count },
    (_, i) => `
    p${i}: publishablePublish(id: $id${i}, input: [{ publicationId: $publicationId }]) {
      userErrors {
        field
        message
      }
    }`,
  ).join('');
  return /* GraphQL */ `
  mutation PopstagePublishProducts($publicationId: ID!, ${ids}) {${fields}
  }
`;
}

export type PublishProductsData = Record<
  string,
  { userErrors: { field: string[] | null; message: string }[] } | null
>;

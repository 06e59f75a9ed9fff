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

export const PUBLISHED_PRODUCTS_COUNT_QUERY = /* GraphQL */ `
  query PopstagePublishedProductsCount($publicationId: ID!) {
    publishedProductsCount(publicationId: $publicationId) {
      count
    }
  }
`;

/** Products per publish mutation: each publishablePublish costs 10 points of the bucket. */
export const PUBLISH_BATCH_SIZE = 25;

/** What each product's publishablePublish answers in the batch mutation below. */
const PUBLISH_RESULT_FIELDS = /* GraphQL */ `
  fragment PopstagePublishResult on PublishablePublishPayload {
    userErrors {
      field
      message
    }
  }
`;

/**
 * One mutation publishing several products, one aliased publishablePublish per product (p0, p1...)
 * so a batch is one round trip and one throttle decision. Built, so not a document the codegen
 * reads: its answer is typed by the fragment every alias spreads.
 */
export function publishProductsMutation(count: number): string {
  const ids = Array.from({ length: count }, (_, i) => `$id${i}: ID!`).join(', ');
  const fields = Array.from(
    { length: count },
    (_, i) => `
    p${i}: publishablePublish(id: $id${i}, input: [{ publicationId: $publicationId }]) {
      ...PopstagePublishResult
    }`,
  ).join('');
  return `
  mutation PopstagePublishProducts($publicationId: ID!, ${ids}) {${fields}
  }
  ${PUBLISH_RESULT_FIELDS}`;
}

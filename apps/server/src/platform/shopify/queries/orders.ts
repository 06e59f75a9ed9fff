// https://shopify.dev/docs/api/admin-graphql/2026-10/queries/orders
/**
 * Whether the app may read orders: Order objects are protected customer data, refused with
 * ACCESS_DENIED until Shopify approves the app's access (orders/create is then not sent either).
 */
export const ORDERS_ACCESS_QUERY = /* GraphQL */ `
  query PopstageOrdersAccess {
    orders(first: 1) {
      nodes {
        id
      }
    }
  }
`;

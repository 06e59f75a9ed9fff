/**
 * The storefront access token the branded app's catalogue calls carry, created through the Admin
 * API (the Storefront documents are in storefront/queries.ts).
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/storefrontAccessTokenCreate
 */
export const STOREFRONT_TOKEN_CREATE_MUTATION = /* GraphQL */ `
  mutation PopstageStorefrontTokenCreate($input: StorefrontAccessTokenInput!) {
    storefrontAccessTokenCreate(input: $input) {
      storefrontAccessToken {
        accessToken
      }
      userErrors {
        field
        message
      }
    }
  }
`;

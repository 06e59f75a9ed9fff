/**
 * App-data metafields: metafields owned by the app's installation, readable in Liquid as
 * `app.metafields.{namespace}.{key}` and by no other app. Written with metafieldsSet, the owner
 * being currentAppInstallation's id (Shopify deletes them when the app is uninstalled).
 * https://shopify.dev/docs/apps/build/custom-data/metafields/app-data
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/metafieldsSet
 */
export const APP_INSTALLATION_ID_QUERY = /* GraphQL */ `
  query PopstageAppInstallationId {
    currentAppInstallation {
      id
    }
  }
`;

/** One app-data metafield's value, read before writing it (the app writes only what changed). */
export const APP_DATA_METAFIELD_QUERY = /* GraphQL */ `
  query PopstageAppDataMetafield($namespace: String!, $key: String!) {
    currentAppInstallation {
      metafield(namespace: $namespace, key: $key) {
        value
      }
    }
  }
`;

/** Also sets the app-owned product metafields (product-metafields.ts): the owner is a product. */
export const METAFIELDS_SET_MUTATION = /* GraphQL */ `
  mutation PopstageMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        namespace
        key
        value
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

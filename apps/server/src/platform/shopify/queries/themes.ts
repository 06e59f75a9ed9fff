/**
 * The published (MAIN) theme's config/settings_data.json, where app embeds are recorded.
 * A file body is one of three union members; large files may come back as a short-lived URL.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/queries/themes
 * https://shopify.dev/docs/api/admin-graphql/2026-10/unions/OnlineStoreThemeFileBody
 */
export const SETTINGS_DATA_FILE = 'config/settings_data.json';

export const MAIN_THEME_SETTINGS_QUERY = /* GraphQL */ `
  query PopstageMainThemeSettings($filenames: [String!]!) {
    currentAppInstallation {
      app {
        handle
      }
    }
    themes(first: 1, roles: [MAIN]) {
      nodes {
        id
        files(filenames: $filenames, first: 1) {
          nodes {
            filename
            body {
              ... on OnlineStoreThemeFileBodyText {
                content
              }
              ... on OnlineStoreThemeFileBodyBase64 {
                contentBase64
              }
              ... on OnlineStoreThemeFileBodyUrl {
                url
              }
            }
          }
        }
      }
    }
  }
`;

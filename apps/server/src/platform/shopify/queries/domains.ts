/**
 * Where the shop's storefront is served: its primary domain and every market web presence (a
 * market's own domain, or subfolders of the primary domain). Other domains of the shop redirect
 * to the primary one, so the storefront widget only ever runs on these. `Shop.domains` is
 * deprecated in 2026-10; `webPresences` needs the read_markets scope. Pages of 10 (a shop has
 * one web presence per market with its own domain): 34 points a page, where 50 cost 154 on every
 * admin load.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/queries/webPresences
 * https://shopify.dev/docs/api/admin-graphql/2026-10/objects/MarketWebPresence
 */
export const STOREFRONT_DOMAINS_QUERY = /* GraphQL */ `
  query PopstageStorefrontDomains($after: String) {
    shop {
      primaryDomain {
        url
      }
    }
    webPresences(first: 10, after: $after) {
      nodes {
        domain {
          url
        }
        rootUrls {
          url
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

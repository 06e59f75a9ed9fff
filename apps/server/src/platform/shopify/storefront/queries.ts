/**
 * The Storefront API documents of the branded app's catalogue (spec 03 §7), checked against
 * Shopify's published Storefront schema by queries.test.ts.
 * https://shopify.dev/docs/api/storefront/2026-10
 */

const PRODUCT_CARD = /* GraphQL */ `
  fragment PopstageProductCard on Product {
    id
    title
    handle
    availableForSale
    featuredImage {
      url
    }
    priceRange {
      minVariantPrice {
        amount
        currencyCode
      }
    }
  }
`;

/** Collection search by title (first 20). */
export const COLLECTION_SEARCH_QUERY = /* GraphQL */ `
  query PopstageCollectionSearch($first: Int!, $query: String) {
    collections(first: $first, query: $query, sortKey: TITLE) {
      nodes {
        id
        title
        handle
      }
    }
  }
`;

/**
 * A collection with a page of its products. Spec 03 asks for 100 (the app), 5 (the preview) and
 * 250 (the fetch); 250 cards cost 1,003 points, over Shopify's 1,000, so the adapter asks at most
 * STOREFRONT_SIZES.collectionPage at a time and follows the cursor for more.
 */
export const COLLECTION_PRODUCTS_QUERY = /* GraphQL */ `
  query PopstageCollectionProducts($id: ID!, $first: Int!, $after: String) {
    collection(id: $id) {
      id
      title
      handle
      products(first: $first, after: $after) {
        nodes {
          ...PopstageProductCard
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${PRODUCT_CARD}
`;

const MENU_ITEM = /* GraphQL */ `
  fragment PopstageMenuItem on MenuItem {
    id
    title
    url
    type
    resourceId
  }
`;

/** A menu by handle, three levels of items as the Online Store keeps them. */
export const MENU_QUERY = /* GraphQL */ `
  query PopstageMenu($handle: String!) {
    menu(handle: $handle) {
      id
      handle
      title
      items {
        ...PopstageMenuItem
        items {
          ...PopstageMenuItem
          items {
            ...PopstageMenuItem
          }
        }
      }
    }
  }
  ${MENU_ITEM}
`;

/** Product search with cursors (pages of 10). */
export const PRODUCT_SEARCH_QUERY = /* GraphQL */ `
  query PopstageProductSearch($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query, sortKey: TITLE) {
      nodes {
        ...PopstageProductCard
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${PRODUCT_CARD}
`;

/** Products by id (unknown or unpublished ids answer null). */
export const PRODUCTS_BY_IDS_QUERY = /* GraphQL */ `
  query PopstageProductsByIds($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        ...PopstageProductCard
      }
    }
  }
  ${PRODUCT_CARD}
`;

/** Predictive search: products and collections as the shopper types. */
export const PREDICTIVE_SEARCH_QUERY = /* GraphQL */ `
  query PopstagePredictiveSearch($query: String!, $limit: Int!) {
    predictiveSearch(query: $query, limit: $limit, types: [PRODUCT, COLLECTION]) {
      products {
        ...PopstageProductCard
      }
      collections {
        id
        title
        handle
      }
    }
  }
  ${PRODUCT_CARD}
`;

/** Products and collections matching a search (10 each). */
export const PRODUCTS_AND_COLLECTIONS_QUERY = /* GraphQL */ `
  query PopstageProductsAndCollections($query: String!, $first: Int!) {
    products(first: $first, query: $query) {
      nodes {
        ...PopstageProductCard
      }
    }
    collections(first: $first, query: $query) {
      nodes {
        id
        title
        handle
      }
    }
  }
  ${PRODUCT_CARD}
`;

/** One product: whether the storefront (the app's sales channel) has any published product. */
export const ONE_PRODUCT_QUERY = /* GraphQL */ `
  query PopstageOneProduct {
    products(first: 1) {
      nodes {
        id
      }
    }
  }
`;

/**
 * The customer behind a customer access token the branded app got from its customer login
 * (customerAccessTokenCreate): a device registers under a customer only once this answers.
 */
export const CUSTOMER_OF_TOKEN_QUERY = /* GraphQL */ `
  query PopstageCustomerOfToken($customerAccessToken: String!) {
    customer(customerAccessToken: $customerAccessToken) {
      id
    }
  }
`;

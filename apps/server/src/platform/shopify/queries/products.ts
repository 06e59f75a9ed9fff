import type { PlatformProduct, ProductStatus } from '../../port';
import type { PopstageProductFragment } from '../generated/admin.types';
import { normalizeAmount } from '../money';

/**
 * Products with what the port needs and nothing more (PlatformProduct lists the readers), kept
 * under Shopify's 1,000-point query limit: one product costs 17 points (itself, its lowest price,
 * 10 variants, its featured image), so a page of PRODUCT_PAGE_MAX costs 852. Whether a product is on the app's publication is asked only where
 * it matters (publishing), with the publication's id. The image is the featured
 * media (a MediaImage): the app shows one image per product. Ten variants are enough to find the
 * cheapest available one the storefront adds to the cart (recorded in docs/decisions.md).
 * https://shopify.dev/docs/api/admin-graphql/2026-10/objects/Product
 */
export const PRODUCT_PAGE_MAX = 50;
const PRODUCT_FIELDS = /* GraphQL */ `
  fragment PopstageProduct on Product {
    id
    title
    handle
    description
    status
    createdAt
    priceRangeV2 {
      minVariantPrice {
        amount
        currencyCode
      }
    }
    variants(first: 10) {
      nodes {
        id
        price
        availableForSale
      }
    }
    featuredMedia {
      ... on MediaImage {
        image {
          url
          altText
        }
      }
    }
  }
`;

export const PRODUCTS_QUERY = /* GraphQL */ `
  query PopstageProducts($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query, sortKey: ID) {
      nodes {
        ...PopstageProduct
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const PRODUCTS_BY_ID_QUERY = /* GraphQL */ `
  query PopstageProductsById($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        ...PopstageProduct
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

/** Which of the given products are in a collection: one boolean per product, however big it is. */
export const PRODUCTS_IN_COLLECTION_QUERY = /* GraphQL */ `
  query PopstageProductsInCollection($ids: [ID!]!, $collectionId: ID!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        inCollection(id: $collectionId)
      }
    }
  }
`;

/** Just enough to decide what publishProducts has to publish: all active products... */
export const PUBLISH_CANDIDATES_QUERY = /* GraphQL */ `
  query PopstagePublishCandidates(
    $first: Int!
    $after: String
    $query: String
    $publicationId: ID!
  ) {
    products(first: $first, after: $after, query: $query, sortKey: ID) {
      nodes {
        id
        status
        publishedOnPublication(publicationId: $publicationId)
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

/** ...or the given ones. */
export const PUBLISH_CANDIDATES_BY_ID_QUERY = /* GraphQL */ `
  query PopstagePublishCandidatesById($ids: [ID!]!, $publicationId: ID!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        status
        publishedOnPublication(publicationId: $publicationId)
      }
    }
  }
`;

export function toPlatformProduct(node: PopstageProductFragment): PlatformProduct {
  // Null without media; without `image` for a video or 3D model (the inline fragment).
  const media = node.featuredMedia;
  const image = media && 'image' in media ? media.image : null;
  return {
    id: node.id,
    title: node.title,
    handle: node.handle,
    description: node.description,
    // Shopify's ProductStatus also has UNLISTED, which the port does not name: passed through
    // as it always was (the hand-written type said it could not come; docs/decisions.md).
    status: node.status as ProductStatus,
    priceRange: {
      min: normalizeAmount(node.priceRangeV2.minVariantPrice.amount),
      currencyCode: node.priceRangeV2.minVariantPrice.currencyCode,
    },
    variants: node.variants.nodes.map((variant) => ({
      id: variant.id,
      price: normalizeAmount(variant.price),
      availableForSale: variant.availableForSale,
    })),
    images: image ? [{ url: image.url, altText: image.altText ?? '' }] : [],
    createdAt: new Date(node.createdAt).toISOString(),
  };
}

/**
 * Shopify search syntax for the port's filters. Free text is split into words, each quoted so
 * that characters such as `:` or `(` are matched literally instead of becoming filter syntax.
 * https://shopify.dev/docs/api/usage/search-syntax
 */
export function productSearch(filters: {
  query?: string | undefined;
  status?: ProductStatus | undefined;
  collectionId?: string | undefined;
  /** The app's publication GID: products published to the Popstage sales channel only. */
  publicationId?: string | undefined;
}): string | null {
  const terms: string[] = [];
  if (filters.publicationId !== undefined) {
    // publication_ids (2024-10+) takes numeric ids.
    terms.push(`publication_ids:${legacyId(filters.publicationId) ?? '0'}`);
  }
  if (filters.status) terms.push(`status:${filters.status.toLowerCase()}`);
  if (filters.collectionId !== undefined) {
    // The collection_id filter (2024-10+) takes the numeric id, not the GID.
    terms.push(`collection_id:${legacyId(filters.collectionId) ?? '0'}`);
  }
  terms.push(...searchWords(filters.query));
  return terms.length > 0 ? terms.join(' ') : null;
}

export function searchWords(query: string | undefined): string[] {
  return (query ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`);
}

/** gid://shopify/Collection/123 → "123"; null for anything else. */
export function legacyId(gid: string): string | null {
  return /^gid:\/\/shopify\/[A-Za-z]+\/(\d{1,20})$/.exec(gid)?.[1] ?? null;
}

import type { PlatformPage } from '../../port';
import type { PopstagePageByHandleQuery } from '../generated/admin.types';

/**
 * Online store pages. The Admin API's Page has no storefront URL, so it is built from the shop's
 * primary domain the way themes link pages: {primaryDomain}/pages/{handle}.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/queries/pages
 * https://shopify.dev/docs/api/admin-graphql/2026-10/mutations/pageCreate
 */
export const PAGES_BY_HANDLE_QUERY = /* GraphQL */ `
  query PopstagePageByHandle($query: String!) {
    shop {
      primaryDomain {
        url
      }
    }
    pages(first: 5, query: $query) {
      nodes {
        id
        title
        handle
        body
      }
    }
  }
`;

export const PRIMARY_DOMAIN_QUERY = /* GraphQL */ `
  query PopstagePrimaryDomain {
    shop {
      primaryDomain {
        url
      }
    }
  }
`;

export const PAGE_CREATE_MUTATION = /* GraphQL */ `
  mutation PopstagePageCreate($page: PageCreateInput!) {
    pageCreate(page: $page) {
      page {
        id
        title
        handle
        body
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

/** A page as both documents ask for it. */
type PageNode = PopstagePageByHandleQuery['pages']['nodes'][number];

export function toPlatformPage(node: PageNode, primaryDomainUrl: string): PlatformPage {
  return {
    id: node.id,
    title: node.title,
    handle: node.handle,
    body: node.body,
    url: `${primaryDomainUrl.replace(/\/+$/, '')}/pages/${node.handle}`,
  };
}

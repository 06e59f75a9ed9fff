import type { SandboxStore } from '../store/store';
import type { StorefrontTokens } from '../store/storefront-tokens';
import type { ThemeStateStore } from '../theme/theme-state-store';

/** What every Admin API resolver gets: the shop the access token belongs to, its store, theme. */
export interface AdminContext {
  shop: string;
  store: SandboxStore;
  themes: ThemeStateStore;
  storefrontTokens: StorefrontTokens;
  /** The app's granted scopes: a storefront token carries its unauthenticated_* ones. */
  scopes: string[];
  /** The app's deployed channel specifications (channelCreate binds to one of them). */
  channelSpecifications: string[];
  /** The installed app's handle (App.handle). */
  appHandle: string;
}

/** A connection answer with both `nodes` and `edges`, as Shopify serves either. */
export function connection<T>(
  nodes: T[],
  pageInfo: { hasNextPage: boolean; endCursor: string | null } = {
    hasNextPage: false,
    endCursor: null,
  },
) {
  return {
    nodes,
    edges: nodes.map((node, index) => ({
      node,
      cursor: index === nodes.length - 1 && pageInfo.endCursor ? pageInfo.endCursor : String(index),
    })),
    pageInfo: {
      ...pageInfo,
      hasPreviousPage: false,
      startCursor: null,
    },
  };
}

/** Mutation payloads carry `userErrors`; the local Shopify's refusals go there like Shopify's. */
export function userError(
  message: string,
  field: string[] | null = null,
  code: string | null = null,
) {
  return { message, field, code };
}

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

/** Mutation payloads carry `userErrors`; the local Shopify's refusals go there like Shopify's. */
export function userError(
  message: string,
  field: string[] | null = null,
  code: string | null = null,
) {
  return { message, field, code };
}

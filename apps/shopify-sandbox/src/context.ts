import type { OperatorClient } from './operator/client';
import type { AccessTokens } from './store/access-tokens';
import type { SandboxStore } from './store/store';
import type { StorefrontTokens } from './store/storefront-tokens';
import type { ThemeRenderer } from './theme/render-app-blocks';
import type { ThemeStateStore } from './theme/theme-state-store';
import type { Webhooks } from './webhooks/delivery';

/** What the local Shopify's pages and controls work with, made once by openLocalShopify. */
export interface SandboxContext {
  store: SandboxStore;
  tokens: AccessTokens;
  storefrontTokens: StorefrontTokens;
  webhooks: Webhooks;
  /** The published theme as the storefront renders it: its app blocks and their renderer. */
  theme: { states: ThemeStateStore; renderer: ThemeRenderer };
  /** The app's staff API; null when no operator credential was given. */
  operator: OperatorClient | null;
  /** The installed app's credentials (session tokens are signed with its secret) and scopes. */
  app: { apiKey: string; apiSecret: string; scopes?: readonly string[] };
  /** The app's URL (the admin frame opens it; links to the app's own pages). */
  appUrl: string;
  /** How the store reaches the app (and, in one process with it, its own pages). */
  fetch: typeof fetch;
  /** The local Shopify's own public origin (it serves below `/sandbox`). */
  baseUrl: string;
  now: () => Date;
}

import type { FastifyInstance } from 'fastify';
import { adminApiPlugin } from './admin-api/plugin';
import { adminFramePlugin } from './admin-frame/admin-frame-plugin';
import { createAccessTokens } from './store/access-tokens';
import { openStoreDb, type StoreConnection } from './store/database';
import { createSandboxStore } from './store/sandbox-platform';
import type { SandboxStore } from './store/store';
import { loadThemeApp } from './theme/load-theme-app';
import { createThemeRenderer, type ThemeRenderer } from './theme/render-app-blocks';
import { themeEditorPlugin } from './theme/theme-editor-plugin';
import type { ThemeStateStore } from './theme/theme-state-store';
import { createThemeStates } from './theme/theme-states';

export interface LocalShopifyOptions {
  /** The public URL the store's links and images are built on. */
  baseUrl: string;
  /** The one app installed on every shop: its credentials and the scopes it is granted. */
  app: { apiKey: string; apiSecret: string; scopes: string };
  /** Where the admin frame opens the app for a shop. */
  appUrl: (shop: string) => string;
  /** A session token as Shopify's admin hands App Bridge. */
  sessionToken: (shop: string) => Promise<string>;
  /** Milliseconds; access tokens expire by it (the leaky buckets refill in real time). */
  now?: () => number;
}

export interface LocalShopify {
  store: SandboxStore;
  /** The published theme as the storefront renders it: its app blocks and their renderer. */
  theme: { states: ThemeStateStore; renderer: ThemeRenderer };
  /** Shopify's endpoints and pages; the host mounts it under a prefix (`/sandbox`). */
  plugin: (app: FastifyInstance) => Promise<void>;
}

/**
 * The local Shopify on a database connection its host shares (its own schema and migrations):
 * the store's data, the Admin API with token exchange, the admin frame with a local App Bridge,
 * and the theme editor that places the app's blocks.
 */
export async function openLocalShopify(
  connection: StoreConnection,
  options: LocalShopifyOptions,
): Promise<LocalShopify> {
  const db = await openStoreDb(connection);
  const now = options.now ?? Date.now;
  const store = createSandboxStore(db, { baseUrl: options.baseUrl });
  const tokens = createAccessTokens(db, () => new Date(now()));
  const themeApp = loadThemeApp();
  const themes = createThemeStates(db, themeApp);
  return {
    store,
    theme: { states: themes, renderer: createThemeRenderer(themeApp) },
    plugin: async (app) => {
      await app.register(adminApiPlugin, { store, themes, tokens, app: options.app });
      await app.register(adminFramePlugin, {
        appUrl: options.appUrl,
        sessionToken: options.sessionToken,
        apiKey: options.app.apiKey,
        shops: async () => (await store.listShops()).map(({ domain, name }) => ({ domain, name })),
      });
      await app.register(themeEditorPlugin, { app: themeApp, store: themes });
    },
  };
}

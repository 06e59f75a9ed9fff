import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminApiPlugin } from '../admin-api/plugin';
import { readAppConfig } from '../app-config';
import { type AccessTokens, createAccessTokens } from '../store/access-tokens';
import { sandboxAccessTokens } from '../store/schema';
import type { SandboxStore } from '../store/store';
import { createStorefrontTokens } from '../store/storefront-tokens';
import { createSeededTestStore } from '../store/test-database';
import { loadThemeApp } from '../theme/load-theme-app';
import { appEmbedType, createThemeStates } from '../theme/theme-states';

/** The local Shopify's Admin API alone, for an app's adapter tests (see openAdminApiTestStore). */
export interface AdminApiTestStore {
  store: SandboxStore;
  tokens: AccessTokens;
  /** Token exchange and Admin GraphQL below /<shop>/admin; the test registers it on its server. */
  plugin: (server: FastifyInstance) => Promise<void>;
  /** The shop's access tokens lapse at `at`; their refresh tokens stay good (Shopify's expiry). */
  expireAccessTokens(shop: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

/**
 * A freshly seeded store with one app installed on every shop (the channel specifications are
 * shopify.app.toml's), on the test's clock, `now` in milliseconds.
 */
export async function openAdminApiTestStore(options: {
  app: { apiKey: string; apiSecret: string; scopes: string; handle: string };
  baseUrl: string;
  now: () => number;
}): Promise<AdminApiTestStore> {
  const storeDb = await createSeededTestStore(options.baseUrl);
  const { store } = storeDb;
  const now = () => new Date(options.now());
  const themeApp = loadThemeApp({ appHandle: options.app.handle });
  const themes = createThemeStates(storeDb.db, themeApp);
  const tokens = createAccessTokens(storeDb.db, now);
  const storefrontTokens = createStorefrontTokens(storeDb.db, now);
  return {
    store,
    tokens,
    plugin: async (server) => {
      await server.register(adminApiPlugin, {
        store,
        themes,
        tokens,
        storefrontTokens,
        app: { ...options.app, channelSpecifications: readAppConfig().channelSpecifications },
        now: options.now,
      });
    },
    expireAccessTokens: async (shop, at) => {
      await storeDb.db
        .update(sandboxAccessTokens)
        .set({ expiresAt: at })
        .where(eq(sandboxAccessTokens.shopDomain, shop));
    },
    close: () => storeDb.close(),
  };
}

/** The theme app extension's uuid, as the store's theme writes it in block types for that app. */
export const themeExtensionUuid = (appHandle: string): string =>
  appEmbedType(loadThemeApp({ appHandle })).split('/').pop() ?? '';

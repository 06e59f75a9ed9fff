import type { FastifyInstance } from 'fastify';
import { adminApiPlugin } from './admin-api/plugin';
import { signSessionToken } from './admin-api/session-token';
import { adminFramePlugin } from './admin-frame/admin-frame-plugin';
import { type AppConfig, readAppConfig } from './app-config';
import { appPreviewRoutes } from './app-preview/routes';
import { billingConfirmRoutes } from './billing/billing-routes';
import type { SandboxContext } from './context';
import { accessScopeRoutes } from './control/access-scopes';
import { domainRoutes } from './control/domain-routes';
import { createDomainListeners, domainRedirect } from './control/domains';
import { controlRoutes } from './control/routes';
import { createTrafficRuns } from './control/traffic';
import { createOperatorClient } from './operator/client';
import { createAccessTokens } from './store/access-tokens';
import { openStoreDb, type StoreConnection } from './store/database';
import { createSandboxStore } from './store/sandbox-platform';
import type { SandboxStore } from './store/store';
import { createStorefrontTokens } from './store/storefront-tokens';
import { storeAdminRoutes } from './store-admin/store-admin-routes';
import { movedStorefrontRoutes, storefrontRoutes } from './storefront/storefront-routes';
import { storefrontApiPlugin } from './storefront-api/plugin';
import { extensionAssetRoutes } from './theme/extension-assets';
import { loadThemeApp } from './theme/load-theme-app';
import { createThemeRenderer } from './theme/render-app-blocks';
import { themeEditorPlugin } from './theme/theme-editor-plugin';
import { createThemeStates } from './theme/theme-states';
import { acceptForms } from './web/forms';
import { installErrorHandler } from './web/http-error';
import { createWebhooks } from './webhooks/delivery';

export interface LocalShopifyOptions {
  /** The local Shopify's public origin; it serves below `/sandbox` there. */
  baseUrl: string;
  /** The one app installed on every shop. */
  app: {
    apiKey: string;
    apiSecret: string;
    /** The app's URL (application_url): the admin frame opens it, webhook URIs resolve on it. */
    url: string;
    /** Its scopes and webhook subscriptions; the repository's shopify.app.toml by default. */
    config?: AppConfig;
  };
  /** How the store reaches the app (webhooks, the staff API); global fetch by default. */
  fetch?: typeof fetch;
  /** The app's staff API credential; without it the control page shows only the store's side. */
  operatorToken?: string;
  /** Milliseconds; access tokens expire by it (the leaky buckets refill in real time). */
  now?: () => number;
  /** How often failed webhooks are retried when due (ms); 0 leaves retries to `retryWebhooks`. */
  webhookRetryIntervalMs?: number;
}

export interface LocalShopify {
  store: SandboxStore;
  /** The published theme as the storefront renders it: its app blocks and their renderer. */
  theme: SandboxContext['theme'];
  /** Sends the webhooks whose retry is due now (the plugin also does it on a timer). */
  retryWebhooks(): Promise<number>;
  /** Shopify's endpoints and pages; the host mounts it at `/sandbox`. */
  plugin: (app: FastifyInstance) => Promise<void>;
}

/**
 * The local Shopify on a database connection its host shares (its own schema and migrations): the
 * store's data, the Admin API with token exchange, the Storefront API, webhooks to the app over HTTP, the admin frame
 * with a local App Bridge, the storefront with its cart and checkout, the billing approval page,
 * the theme editor, and the /sandbox control page. It reaches the app only over HTTP.
 */
export async function openLocalShopify(
  connection: StoreConnection,
  options: LocalShopifyOptions,
): Promise<LocalShopify> {
  const db = await openStoreDb(connection);
  const nowMs = options.now ?? Date.now;
  const now = () => new Date(nowMs());
  const appConfig = options.app.config ?? readAppConfig();
  const appUrl = options.app.url.replace(/\/+$/, '');
  const fetchApp = options.fetch ?? fetch;
  const keys = { apiKey: options.app.apiKey, apiSecret: options.app.apiSecret };
  const store = createSandboxStore(db, { baseUrl: options.baseUrl });
  const themeApp = loadThemeApp();
  const themes = createThemeStates(db, themeApp);
  const ctx: SandboxContext = {
    store,
    tokens: createAccessTokens(db, now),
    storefrontTokens: createStorefrontTokens(db, now),
    webhooks: createWebhooks(
      db,
      {
        url: appUrl,
        uris: appConfig.webhooks.uris,
        secret: options.app.apiSecret,
        apiVersion: appConfig.webhooks.apiVersion,
        fetch: fetchApp,
      },
      now,
    ),
    theme: { states: themes, renderer: createThemeRenderer(themeApp) },
    operator: options.operatorToken
      ? createOperatorClient({ url: appUrl, token: options.operatorToken, fetch: fetchApp })
      : null,
    app: { ...keys, scopes: appConfig.scopes },
    appUrl,
    fetch: fetchApp,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    now,
  };
  const retryInterval = options.webhookRetryIntervalMs ?? 5000;

  return {
    store,
    theme: ctx.theme,
    retryWebhooks: () => ctx.webhooks.retryDue(),
    plugin: async (app) => {
      installErrorHandler(app);
      acceptForms(app);
      await app.register(adminApiPlugin, {
        store,
        themes,
        tokens: ctx.tokens,
        storefrontTokens: ctx.storefrontTokens,
        app: {
          ...keys,
          scopes: appConfig.scopes.join(','),
          channelSpecifications: appConfig.channelSpecifications,
          // The handle the theme's block types carry (shopify.app.toml's).
          handle: themeApp.appHandle,
        },
      });
      await app.register(storefrontApiPlugin, {
        store,
        tokens: ctx.storefrontTokens,
        grantedScopes: (shop) => ctx.tokens.shopScopes(shop),
      });
      await app.register(adminFramePlugin, {
        // Mounted in the app (one origin), the frame opens the app by path: the admin then works
        // on whichever host it was opened (127.0.0.1 or localhost), the app staying same-origin.
        appUrl: () =>
          sameOrigin(options.baseUrl, appUrl)
            ? `${new URL(appUrl).pathname.replace(/\/+$/, '')}/`
            : `${appUrl}/`,
        sessionToken: (shop) => signSessionToken(keys, shop),
        apiKey: keys.apiKey,
        apiSecret: keys.apiSecret,
        shops: async () => (await store.listShops()).map(({ domain, name }) => ({ domain, name })),
      });
      await app.register(themeEditorPlugin, { app: themeApp, store: themes, apiKey: keys.apiKey });
      await app.register(extensionAssetRoutes, { app: themeApp });
      await app.register(controlRoutes, { ctx, traffic: createTrafficRuns(ctx) });
      await app.register(domainRoutes, {
        ctx,
        listeners: createDomainListeners(app.log, (host, path) => domainRedirect(ctx, host, path)),
      });
      await app.register(appPreviewRoutes, { ctx });
      await app.register(storeAdminRoutes, { ctx });
      await app.register(accessScopeRoutes, { ctx, declared: appConfig.scopes });
      await app.register(storefrontRoutes, { prefix: '/store', ctx });
      await app.register(movedStorefrontRoutes);
      await app.register(billingConfirmRoutes, { prefix: '/billing', ctx });
      if (retryInterval > 0) retryOnTimer(app, ctx, retryInterval);
    },
  };
}

/** Retries due webhooks while the server runs, one pass at a time. */
function retryOnTimer(app: FastifyInstance, ctx: SandboxContext, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      ctx.webhooks
        .retryDue()
        .catch((error: unknown) => app.log.error({ err: error }, 'webhook retries failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

function sameOrigin(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin;
}

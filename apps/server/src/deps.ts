import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalogue, parseCatalogue } from '@popstage/core/billing';
import type { LiveMedia, LiveService } from '@popstage/live';
import type { LocalShopify, SandboxStore } from '@popstage/shopify-sandbox';
import type { FastifyInstance } from 'fastify';
import { createTokenCipher, type TokenCipher } from './auth/token-cipher';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createQueue, type Queue } from './jobs/queue';
import type { BotCheck } from './platform/botcheck/port';
import { type Clock, systemClock } from './platform/clock';
import type { HelpCenter } from './platform/help/port';
import { appLiveMedia } from './platform/live/live-media';
import { openAppLiveService } from './platform/live/own-live-service';
import type { LivePlatform } from './platform/live/port';
import type { StorePlatform } from './platform/port';
import { createPushSender } from './platform/push/from-config';
import type { PushSender } from './platform/push/port';
import { createInjectFetch } from './platform/sandbox/inject-fetch';
import { localAdminOrigin, openAppLocalShopify } from './platform/sandbox/local-shopify';
import { createServicePorts } from './platform/services';
import { createShopifyPlatform, readAppScopes, readThemeExtensionUuid } from './platform/shopify';
import {
  createStorefrontCatalogue,
  createStorefrontTokens,
  type StorefrontCatalogue,
} from './platform/shopify/storefront';

import type { OtpSender } from './platform/sms/port';
import type { SocialImporter } from './platform/social/port';
import type { ObjectStore } from './platform/storage/port';

/** Everything the areas use from the outside world, made once per process by createDeps. */
export interface AppDeps {
  config: Config;
  database: Database;
  queue: Queue;
  platform: StorePlatform;
  /** The Storefront API catalogue (the branded app's collections, menus, products). */
  storefront: StorefrontCatalogue;
  /**
   * Sandbox mode only: the local Shopify's store, a handle for tests and the seed. The app itself
   * reaches the local Shopify only over HTTP, as it reaches Shopify.
   */
  sandbox: SandboxStore | null;
  /**
   * Sandbox mode only, when the local Shopify runs in this process: its endpoints, mounted at
   * /sandbox, and `bind`, which routes the calls between it and the app through the built app.
   */
  localShopify: {
    plugin: LocalShopify['plugin'];
    bind(app: FastifyInstance): void;
    retryWebhooks: LocalShopify['retryWebhooks'];
  } | null;
  /** Where the built admin SPA lives; absent in worker-only processes and API tests. */
  adminDist: string | null;
  /** Delivers phone verification codes (sandbox outbox or Twilio). */
  otp: OtpSender;
  /** Checks the admin's invisible bot-check token before a code is sent. */
  botCheck: BotCheck;
  /** The live-selling platform where seller accounts are created. */
  live: LivePlatform;
  /**
   * This server's own live service (unless LIVE_PLATFORM_URL names one apart): its routes,
   * mounted at /live-service, and `bind`, which lets `live` reach them in process.
   */
  liveService: {
    plugin: LiveService['plugin'];
    bind(app: FastifyInstance): void;
    close(): Promise<void>;
  } | null;
  /** Clip media (videos, thumbnails, previews): local disk with signed URLs, or S3. */
  media: ObjectStore;
  /** The built storefront player (apps/widget/dist/popstage.js); null or missing answers 503. */
  widgetBundle: string | null;
  /** Instagram and TikTok import (bundled samples offline, or the public pages). */
  social: SocialImporter;
  /** The help center's articles (Markdown in the repository, or Zendesk). */
  helpCenter: HelpCenter;
  /** Every time read goes through here, so tests can move time. */
  clock: Clock;
  /** The plans, add-ons and features of catalogue.v1.json, validated once at start. */
  catalogue: Catalogue;
  /**
   * Encrypts secrets at rest (Shopify tokens, the storefront token, the store account's token,
   * device tokens, operator TOTP secrets); auth/reencrypt-secrets.ts lists every such column.
   */
  secrets: TokenCipher;
  /** Push notifications to the branded app: FCM, APNs, or the sandbox push service. */
  push: PushSender;
}

export const DEFAULT_ADMIN_DIST = resolve(fileURLToPath(import.meta.url), '../../../admin/dist');
export const DEFAULT_WIDGET_BUNDLE = resolve(
  fileURLToPath(import.meta.url),
  '../../../widget/dist/popstage.js',
);
const CATALOGUE_FILE = new URL('./catalogue.v1.json', import.meta.url);

/** The versioned catalogue committed in the repository, validated (a bad file stops start-up). */
export function readCatalogueFile(): Catalogue {
  return parseCatalogue(JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')));
}

/**
 * Opens the database and the queue (not started) and picks every port's adapter from the
 * configuration; an override replaces what it names (tests pass their database, clock, ports).
 * In sandbox mode the offline store is seeded here, so every process sees the same shops.
 */
export async function createDeps(
  config: Config,
  overrides: Partial<AppDeps> & { supervise?: boolean; liveMedia?: LiveMedia } = {},
): Promise<AppDeps> {
  const {
    supervise = config.ROLE !== 'web' && config.JOBS_ENABLED,
    liveMedia: givenLiveMedia,
    ...given
  } = overrides;
  const database =
    given.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const clock = given.clock ?? systemClock;
  const secrets = createTokenCipher(
    config.TOKEN_ENCRYPTION_KEY,
    config.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? [],
  );
  // Sandbox mode runs the local Shopify in this process unless SHOPIFY_ADMIN_URL names one running
  // alone. Each reaches the other over HTTP (the one Shopify adapter; webhooks, the staff API),
  // in process through the built app by inject, so no port or public URL is needed.
  const inProcess =
    config.PLATFORM === 'sandbox' && !config.SHOPIFY_ADMIN_URL ? createInjectFetch() : null;
  const local = inProcess
    ? await openAppLocalShopify(database, config, clock, inProcess.fetch)
    : null;
  await local?.store.seed();
  // The app's own live service, reached in process like the local Shopify (by inject).
  const liveMedia = config.LIVE_PLATFORM_URL ? null : (givenLiveMedia ?? appLiveMedia(config));
  const liveInProcess = liveMedia ? createInjectFetch() : null;
  const ownLive = liveMedia
    ? await openAppLiveService(database, config, clock, liveMedia, { sweep: supervise })
    : null;
  const platform =
    given.platform ??
    createShopifyPlatform(database.db, {
      apiKey: config.SHOPIFY_API_KEY,
      apiSecret: config.SHOPIFY_API_SECRET,
      apiVersion: config.SHOPIFY_API_VERSION,
      billingTest: config.SHOPIFY_BILLING_TEST,
      appUrl: config.APP_URL,
      themeExtension: config.SHOPIFY_THEME_EXTENSION,
      extensionUuid: readThemeExtensionUuid(),
      clock,
      requiredScopes: readAppScopes(),
      tokenCipher: secrets,
      ...(config.PLATFORM === 'sandbox' || config.SHOPIFY_ADMIN_URL
        ? { adminOrigin: localAdminOrigin(config) }
        : {}),
      ...(inProcess ? { fetch: inProcess.fetch } : {}),
    });
  const shopOrigin =
    config.PLATFORM === 'sandbox' || config.SHOPIFY_ADMIN_URL
      ? localAdminOrigin(config)
      : (shop: string) => `https://${shop}`;
  const storefront =
    given.storefront ??
    createStorefrontCatalogue({
      origin: shopOrigin,
      apiVersion: config.SHOPIFY_API_VERSION,
      fetch: inProcess?.fetch ?? globalThis.fetch,
      tokens: createStorefrontTokens(database.db, secrets, (shop, title) =>
        platform.createStorefrontAccessToken(shop, title),
      ),
    });
  return {
    config,
    database,
    queue: given.queue ?? createQueue(database, { supervise }),
    platform,
    storefront,
    sandbox: local?.store ?? null,
    localShopify:
      local && inProcess
        ? { plugin: local.plugin, bind: inProcess.bind, retryWebhooks: local.retryWebhooks }
        : null,
    adminDist: given.adminDist !== undefined ? given.adminDist : DEFAULT_ADMIN_DIST,
    widgetBundle: given.widgetBundle !== undefined ? given.widgetBundle : DEFAULT_WIDGET_BUNDLE,
    liveService:
      ownLive && liveInProcess
        ? { plugin: ownLive.plugin, bind: liveInProcess.bind, close: () => ownLive.close() }
        : null,
    ...createServicePorts(config, database.db, clock, liveInProcess?.fetch ?? globalThis.fetch),
    push: createPushSender(config, database.db, clock),
    ...stripUndefined(given),
    clock,
    catalogue: given.catalogue ?? readCatalogueFile(),
    secrets,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

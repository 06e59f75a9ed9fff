import { FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@popstage/core/shop';
import type { SandboxProductEdit } from '@popstage/shopify-sandbox/store/product-edits';
import type { SandboxAppSubscription, SandboxStore } from '@popstage/shopify-sandbox/store/store';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signSessionToken } from '../../auth/session-token';
import { shops } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import type { PlatformProduct, PlatformShop } from '../../platform/port';
import { proposePlanChange } from '../billing';
import { queueProductClipCounts } from '../popclips';
import { deleteShop, ensureShop, featureFlagsOf, findShop, updateShop } from '../shop';
import {
  type MobileAppRequest,
  type MobilePreset,
  readMobileAppRequest,
  writeMobilePreset,
} from './mobile-state';
import { PRODUCTS_UPDATE_TOPIC, productUpdatedPayload } from './product-webhook';
import { deliverWebhook, type WebhookDelivery } from './webhook-delivery';

/** What the /sandbox control page shows about one shop: store side and app side. */
export interface SandboxShopState extends PlatformShop {
  /** The app has a shop row and is not uninstalled. */
  installed: boolean;
  installedAt: string | null;
  /** When the app was uninstalled; its data stays until reset (shop/redact in Shopify). */
  uninstalledAt: string | null;
  embedEnabled: boolean;
  publishedProducts: number;
  livePage: boolean;
  featureFlags: FeatureFlags;
  adminUrl: string;
  /** The store's app charges (every status, newest first), as Shopify Billing keeps them. */
  appSubscriptions: SandboxAppSubscription[];
  /** The app's mobile_app_requests row; null when none or the app is not installed. */
  mobileAppRequest: MobileAppRequest | null;
}

type Deps = Pick<AppDeps, 'database' | 'config'>;

const NO_FLAGS = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, false]),
) as FeatureFlags;

/** The sandbox shop, or 404: these controls only ever touch the sandbox's own shops. */
export async function requireSandboxShop(
  sandbox: SandboxStore,
  domain: string,
): Promise<PlatformShop> {
  const shop = await sandbox.getShop(domain);
  if (!shop) throw notFound(`Shop ${domain} is not a sandbox shop`);
  return shop;
}

export async function shopState(
  deps: Deps,
  sandbox: SandboxStore,
  shop: PlatformShop,
): Promise<SandboxShopState> {
  const [row, embedEnabled, publishedProducts, livePage, appSubscriptions] = await Promise.all([
    findShop(deps.database.db, shop.domain),
    sandbox.isAppEmbedEnabled(shop.domain),
    sandbox.countPublishedProducts(shop.domain),
    sandbox.findPage(shop.domain, 'live'),
    sandbox.listAppSubscriptions(shop.domain),
  ]);
  return {
    ...shop,
    installed: row !== undefined && row.uninstalledAt === null,
    installedAt: row?.installedAt.toISOString() ?? null,
    uninstalledAt: row?.uninstalledAt?.toISOString() ?? null,
    embedEnabled,
    publishedProducts,
    livePage: livePage !== null,
    featureFlags: row ? featureFlagsOf(row) : NO_FLAGS,
    adminUrl: `/?shop=${encodeURIComponent(shop.domain)}`,
    appSubscriptions,
    mobileAppRequest: row ? await readMobileAppRequest(deps.database.db, row.id) : null,
  };
}

export async function listShopStates(
  deps: Deps,
  sandbox: SandboxStore,
): Promise<SandboxShopState[]> {
  const shopsList = await sandbox.listShops();
  return Promise.all(shopsList.map((shop) => shopState(deps, sandbox, shop)));
}

/**
 * A fresh install: the store as generated on first start, and no app data at all (deleting the
 * app's shop row cascades to everything the app stored for it). The next admin visit reinstalls.
 */
export async function resetToFreshInstall(deps: Deps, sandbox: SandboxStore, domain: string) {
  await requireSandboxShop(sandbox, domain);
  await deleteShop(deps.database.db, domain);
  await sandbox.resetShop(domain);
}

/**
 * Sets the given flags, installing the app first; one atomic jsonb merge, no lost updates. A
 * deactivated shop's storefront shows no clips, so deactivate_shop recounts its product pages.
 */
export async function setFeatureFlags(
  deps: Deps & Pick<AppDeps, 'queue'>,
  sandbox: SandboxStore,
  domain: string,
  patch: Partial<Record<FeatureFlagName, boolean>>,
) {
  await requireSandboxShop(sandbox, domain);
  const shop = await ensureShop({ database: deps.database, platform: sandbox }, domain);
  const json = JSON.stringify(patch);
  await updateShop(deps.database.db, domain, {
    featureFlags: sql`${shops.featureFlags} || ${json}::jsonb` as never,
  });
  if (patch.deactivate_shop !== undefined) await queueProductClipCounts(deps, shop.id);
}

export const APP_UNINSTALLED_TOPIC = 'app/uninstalled';

/**
 * Uninstalls the app as a merchant would in Shopify's admin: the store's side first (theme embeds
 * off, app metafields deleted, charges cancelled), then the signed app/uninstalled webhook to the
 * app in-process, as the checkout delivers orders/create. Opening the admin again reinstalls.
 */
export async function uninstallApp(
  app: Pick<FastifyInstance, 'inject'>,
  deps: Pick<AppDeps, 'database' | 'config' | 'clock'>,
  sandbox: SandboxStore,
  domain: string,
): Promise<WebhookDelivery> {
  const shop = await requireSandboxShop(sandbox, domain);
  const row = await findShop(deps.database.db, domain);
  if (!row || row.uninstalledAt !== null) {
    throw new HttpError(409, `Popstage is not installed on ${domain}`);
  }
  await sandbox.uninstallApp(domain);
  const { config } = deps;
  return deliverWebhook(
    app,
    {
      topic: APP_UNINSTALLED_TOPIC,
      shop: domain,
      secret: config.SHOPIFY_API_SECRET,
      apiVersion: config.SHOPIFY_API_VERSION,
      triggeredAt: deps.clock.now(),
    },
    appUninstalledPayload(shop),
  );
}

/** The Shop resource Shopify sends with app/uninstalled (the fields the sandbox knows). */
function appUninstalledPayload(shop: PlatformShop) {
  return {
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    shop_owner: shop.ownerName,
    currency: shop.currency,
    created_at: shop.createdAt,
  };
}

/**
 * A merchant's stock or status change of a product in Shopify's admin: the store's side, then the
 * signed products/update webhook to the app in-process, as the checkout delivers orders/create
 * (whatever the app answers, the change stands). Null when the shop has no product with the handle.
 */
export async function editSandboxProduct(
  app: Pick<FastifyInstance, 'inject'>,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  sandbox: SandboxStore,
  domain: string,
  handle: string,
  edit: SandboxProductEdit,
): Promise<{ product: PlatformProduct; delivery: WebhookDelivery } | null> {
  await requireSandboxShop(sandbox, domain);
  const product = await sandbox.editProduct(domain, handle, edit);
  if (!product) return null;
  const { config } = deps;
  const now = deps.clock.now();
  const delivery = await deliverWebhook(
    app,
    {
      topic: PRODUCTS_UPDATE_TOPIC,
      shop: domain,
      secret: config.SHOPIFY_API_SECRET,
      apiVersion: config.SHOPIFY_API_VERSION,
      triggeredAt: now,
    },
    productUpdatedPayload(product, now),
  );
  return { product, delivery };
}

export async function setAppEmbed(sandbox: SandboxStore, domain: string, enabled: boolean) {
  await requireSandboxShop(sandbox, domain);
  await sandbox.setAppEmbed(domain, enabled);
}

/** Publishes every active product to the Popstage sales channel, as a merchant would in Shopify. */
export async function publishAllProducts(sandbox: SandboxStore, domain: string): Promise<number> {
  await requireSandboxShop(sandbox, domain);
  return sandbox.publishProducts(domain);
}

/** The token the admin would get from App Bridge in Shopify: same claims, same key. */
export async function issueSessionToken(deps: Deps, sandbox: SandboxStore, domain: string) {
  await requireSandboxShop(sandbox, domain);
  return signSessionToken(
    { apiKey: deps.config.SHOPIFY_API_KEY, apiSecret: deps.config.SHOPIFY_API_SECRET },
    domain,
  );
}

/** Puts the app's mobile request in a preset state, installing the app first (it is app data). */
export async function setMobileAppState(
  deps: Deps,
  sandbox: SandboxStore,
  domain: string,
  preset: MobilePreset,
) {
  await requireSandboxShop(sandbox, domain);
  const row = await ensureShop({ database: deps.database, platform: sandbox }, domain);
  await writeMobilePreset(deps.database.db, row.id, preset);
}

/** A company-driven plan change: pending until the merchant accepts it in the admin. */
export async function proposeCompanyPlanChange(
  deps: AppDeps,
  sandbox: SandboxStore,
  domain: string,
  change: { planId: string; addonIds: string[] },
) {
  await requireSandboxShop(sandbox, domain);
  await ensureShop({ database: deps.database, platform: sandbox }, domain);
  await proposePlanChange(deps, domain, change);
}

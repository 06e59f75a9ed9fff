import { FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@popstage/core';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { signSessionToken } from '../../auth/session-token';
import { shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { PlatformShop } from '../../platform/port';
import type { SandboxAppSubscription, SandboxStore } from '../../platform/sandbox/store';
import { proposePlanChange } from '../billing/service';
import { ensureShop, featureFlagsOf } from '../shop/service';
import { deleteShop, findShop, updateShop } from '../shop/store';
import {
  type MobileAppRequest,
  type MobilePreset,
  readMobileAppRequest,
  writeMobilePreset,
} from './mobile-state';

/** What the /sandbox control page shows about one shop: store side and app side. */
export interface SandboxShopState extends PlatformShop {
  installed: boolean;
  installedAt: string | null;
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
    installed: row !== undefined,
    installedAt: row?.installedAt.toISOString() ?? null,
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

/** Sets the given flags, installing the app first; one atomic jsonb merge, no lost updates. */
export async function setFeatureFlags(
  deps: Deps,
  sandbox: SandboxStore,
  domain: string,
  patch: Partial<Record<FeatureFlagName, boolean>>,
) {
  await requireSandboxShop(sandbox, domain);
  await ensureShop({ database: deps.database, platform: sandbox }, domain);
  const json = JSON.stringify(patch);
  await updateShop(deps.database.db, domain, {
    featureFlags: sql`${shops.featureFlags} || ${json}::jsonb` as never,
  });
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

import {
  FEATURE_FLAG_NAMES,
  type FeatureFlags,
  type Shop,
  type ShopConnection,
  type ShopInfoKey,
} from '@popstage/core/shop';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { findSellerAccount, findStoreAccount } from '../account';
import { planFacts, shopBillingState } from '../billing';
import { mobileAppFacts } from '../mobile';
import { onboardingState } from '../onboarding';
import { queueProductClipCounts } from '../popclips';
import { syncAppUrlMetafield } from './app-url-metafield';
import { findShop, insertShop, setShopInfoValue, updateShop } from './store';
import { reinstallIfUninstalled } from './uninstall';

export const LIVE_PAGE = { handle: 'live', title: 'Live Shopping' } as const;

/** The shop's row, installing it from the platform on the first authenticated call. */
export async function ensureShop(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  domain: string,
): Promise<ShopRow> {
  const existing = await findShop(deps.database.db, domain);
  if (existing) return existing;
  const platformShop = await deps.platform.getShop(domain);
  if (!platformShop) throw notFound(`Shop ${domain} is not known to the store platform`);
  return insertShop(deps.database.db, {
    shopifyDomain: platformShop.domain,
    shopName: platformShop.name,
    shopHandle: platformShop.domain.replace(/\.myshopify\.com$/, ''),
    ownerName: platformShop.ownerName,
    ownerEmail: platformShop.email,
    primaryDomainUrl: platformShop.primaryDomainUrl,
    currency: platformShop.currency,
    shopifyShopCreatedAt: new Date(platformShop.createdAt),
  });
}

export function featureFlagsOf(row: ShopRow): FeatureFlags {
  return Object.fromEntries(
    FEATURE_FLAG_NAMES.map((name) => [name, row.featureFlags[name] === true]),
  ) as FeatureFlags;
}

/**
 * The Shop entity of spec 01 §3: stored state joined with live platform state. The admin loads it
 * first on every open, so this is the app load: it reinstalls a shop the app was uninstalled from
 * (and has its product clip counts rewritten) and keeps the app_url metafield written (never
 * throws).
 */
export async function loadShop(
  deps: AppDeps,
  domain: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Shop> {
  const stored = await ensureShop(deps, domain);
  const row = await reinstallIfUninstalled(deps.database.db, stored);
  // Back from an uninstall: the product counts are written again (the job skipped the shop).
  if (stored.uninstalledAt !== null) await queueProductClipCounts(deps, row.id);
  const [embedEnabled, publishedCount, billing, mobileApp, connections] = await Promise.all([
    deps.platform.isAppEmbedEnabled(domain),
    deps.platform.countPublishedProducts(domain),
    planFacts(deps.database.db, deps.catalogue, row).then((plan) =>
      shopBillingState(deps, { shop: row, plan }),
    ),
    mobileAppFacts(deps.database.db, row.id),
    shopConnections(deps, row.id),
    syncAppUrlMetafield(deps, row, log),
  ]);
  const onboarding = await onboardingState(deps, row, { embedEnabled, publishedCount });
  const status = onboarding.status;
  const { config } = deps;
  return {
    shopifyDomain: row.shopifyDomain,
    primaryDomainUrl: row.primaryDomainUrl,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    shopName: row.shopName,
    shopHandle: row.shopHandle,
    currency: row.currency,
    csToken: row.csToken,
    storefrontAccessToken: row.storefrontAccessToken,
    dashboardUrl: row.dashboardUrl,
    embedEnabled,
    livePageCreated: row.livePageCreated,
    ...billing,
    config: {
      dataLakeUrl: config.DATA_LAKE_URL ?? null,
      helpWidgetKey: config.HELP_WIDGET_KEY ?? null,
      popclipsServiceUrl: `${config.APP_URL}/api/popclips`,
      serviceUrls: { storefront: `${config.APP_URL}/storefront/v1` },
      livePlatformAuth: null,
      supportEmail: config.SUPPORT_EMAIL,
      helpCenterUrl: config.HELP_CENTER_URL,
    },
    featureFlags: featureFlagsOf(row),
    featuredPopclipId: row.featuredPopclipId,
    appRequestId: row.appRequestId,
    appRequestSkIdentifier: row.appRequestSkIdentifier,
    skippedFirstPopclipsCreation: row.skippedFirstPopclipsCreation,
    firstPopclipCreated: onboarding.firstPopclipCreated,
    installedAt: row.installedAt.toISOString(),
    shopifyShopCreatedAt: row.shopifyShopCreatedAt.toISOString(),
    onBoardedOn: onboarding.onBoardedOn?.toISOString() ?? null,
    progressPercentage: status.completionPercentage,
    publishedProductsToSalesChannelCount: publishedCount,
    csStoreCreated: row.csStoreCreated,
    popshopliveAccountCreated: row.popshopliveAccountCreated,
    connections,
    getStartedStatus: status,
    mobileApp,
    info: row.info,
  };
}

/** The shop's accounts elsewhere: the core store account and the live platform's seller. */
async function shopConnections(deps: AppDeps, shopId: string): Promise<ShopConnection[]> {
  const [store, seller] = await Promise.all([
    findStoreAccount(deps.database.db, shopId),
    findSellerAccount(deps.database.db, shopId),
  ]);
  const connections: ShopConnection[] = [];
  if (store?.status === 'created')
    connections.push({ type: 'commentsold', storeAccount: { email: store.email } });
  if (seller) connections.push({ type: 'popshoplive', sellerId: seller.sellerId });
  return connections;
}

/** Stores one allow-listed shop-info value (already validated against its key's schema). */
export async function saveShopInfo(
  deps: AppDeps,
  domain: string,
  key: ShopInfoKey,
  value: unknown,
): Promise<ShopRow> {
  await ensureShop(deps, domain);
  if (key === 'skippedFirstPopclipsCreation') {
    return updateShop(deps.database.db, domain, { skippedFirstPopclipsCreation: value === true });
  }
  return setShopInfoValue(deps.database.db, domain, key, value);
}

/** Creates the storefront live page once; an existing page with the handle counts as created. */
export async function ensureLivePage(deps: AppDeps, domain: string): Promise<boolean> {
  await ensureShop(deps, domain);
  const existing = await deps.platform.findPage(domain, LIVE_PAGE.handle);
  if (!existing) {
    await deps.platform.createPage(domain, {
      ...LIVE_PAGE,
      body: '<div id="popstage-live"></div>',
    });
  }
  await updateShop(deps.database.db, domain, { livePageCreated: true });
  return true;
}

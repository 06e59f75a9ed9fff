import type { Shop, ShopConnection } from '@popstage/core/shop';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import type { Tenant } from '../../tenant';
import { findSellerAccount, findStoreAccount } from '../account';
import { shopBillingState } from '../billing';
import { mobileAppFacts } from '../mobile';
import { onboardingState } from '../onboarding';
import { countPopclips, queueProductClipCounts } from '../popclips';
import { syncAppUrlMetafield } from './app-url-metafield';
import { featureFlagsOf } from './service';
import { reinstallIfUninstalled } from './uninstall';

/**
 * The Shop entity of spec 01 §3: stored state joined with live platform state. The admin loads it
 * first on every open, so this is the app load: it reinstalls a shop the app was uninstalled from
 * (and has its product clip counts rewritten) and keeps the app_url metafield written (never
 * throws).
 */
export async function loadShop(
  deps: AppDeps,
  tenant: Tenant,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Shop> {
  const stored = tenant.shop;
  const domain = stored.shopifyDomain;
  const row = await reinstallIfUninstalled(deps.database.db, stored);
  // Back from an uninstall: the product counts are written again (the job skipped the shop).
  if (stored.uninstalledAt !== null) await queueProductClipCounts(deps, row.id);
  const [embedEnabled, publishedCount, clipCount, billing, mobileApp, connections] =
    await Promise.all([
      deps.platform.isAppEmbedEnabled(domain),
      deps.platform.countPublishedProducts(domain),
      countPopclips(deps.database.db, row.id),
      shopBillingState(deps.database.db, row),
      mobileAppFacts(deps.database.db, row.id),
      shopConnections(deps, row.id),
      syncAppUrlMetafield(deps, row, log),
    ]);
  const onboarding = await onboardingState(deps, row, { embedEnabled, publishedCount, clipCount });
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

import type { Shop, ShopConnection } from '@popstage/core/shop';
import type { AppDeps } from '../../deps';
import { featureFlagsOf } from '../shop';
import type { ShopReadModel } from './load-shop';

/** The app load's read model → the Shop entity of the wire (spec 01 §3). */

function connections(model: ShopReadModel): ShopConnection[] {
  const found: ShopConnection[] = [];
  if (model.storeAccountEmail !== null) {
    found.push({ type: 'commentsold', storeAccount: { email: model.storeAccountEmail } });
  }
  if (model.sellerId) found.push({ type: 'popshoplive', sellerId: model.sellerId });
  return found;
}

/** The Shop entity. */
export function toShopWire(
  { config, secrets }: Pick<AppDeps, 'config' | 'secrets'>,
  model: ShopReadModel,
): Shop {
  const { row, onboarding } = model;
  const status = onboarding.status;
  return {
    shopifyDomain: row.shopifyDomain,
    primaryDomainUrl: row.primaryDomainUrl,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    shopName: row.shopName,
    shopHandle: row.shopHandle,
    currency: row.currency,
    // Stored encrypted (auth/token-cipher.ts); the admin gets them as they are.
    csToken: row.csToken === null ? null : secrets.decrypt(row.csToken),
    storefrontAccessToken:
      row.storefrontAccessToken === null ? null : secrets.decrypt(row.storefrontAccessToken),
    dashboardUrl: row.dashboardUrl,
    embedEnabled: model.embedEnabled,
    livePageCreated: row.livePageCreated,
    ...model.billing,
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
    publishedProductsToSalesChannelCount: model.publishedCount,
    csStoreCreated: row.csStoreCreated,
    popshopliveAccountCreated: row.popshopliveAccountCreated,
    connections: connections(model),
    getStartedStatus: status,
    mobileApp: model.mobileApp,
    info: row.info,
  };
}

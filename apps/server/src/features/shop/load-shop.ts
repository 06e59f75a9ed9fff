import type { FastifyBaseLogger } from 'fastify';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Tenant } from '../../tenant';
import { findStoreAccount } from '../account';
import { shopBillingState } from '../billing';
import { mobileAppFacts } from '../mobile';
import { type OnboardingState, onboardingState } from '../onboarding';
import { countPopclips, queueProductClipCounts } from '../popclips';
import { syncAppUrlMetafield } from './app-url-metafield';
import { reinstallIfUninstalled } from './uninstall';

/**
 * The shop read model (GET /api/shopify/shop): the stored shop joined with live platform state
 * and what the other areas know of it, each read through its public face. It sits on top: no
 * other area imports it.
 */
export interface ShopReadModel {
  /** The stored row, reinstalled if the app had been uninstalled. */
  row: ShopRow;
  embedEnabled: boolean;
  publishedCount: number;
  billing: Awaited<ReturnType<typeof shopBillingState>>;
  mobileApp: Awaited<ReturnType<typeof mobileAppFacts>>;
  /** The core store account's e-mail once created, and the live platform's seller. */
  storeAccountEmail: string | null;
  sellerId: string | null;
  onboarding: OnboardingState;
}

/**
 * The admin loads the shop first on every open, so this is the app load: it reinstalls a shop the
 * app was uninstalled from (and has its product clip counts rewritten) and keeps the app_url
 * metafield written (never throws).
 */
export async function loadShop(
  deps: AppDeps,
  tenant: Tenant,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ShopReadModel> {
  const stored = tenant.shop;
  const domain = stored.shopifyDomain;
  const db = deps.database.db;
  const row = await reinstallIfUninstalled(db, stored);
  // Back from an uninstall: the product counts are written again (the job skipped the shop).
  if (stored.uninstalledAt !== null) await queueProductClipCounts(deps, row.id);
  const [embedEnabled, publishedCount, popclipCount, billing, mobileApp, storeAccount] =
    await Promise.all([
      deps.platform.isAppEmbedEnabled(domain),
      deps.platform.countPublishedProducts(domain),
      countPopclips(db, row.id),
      shopBillingState(deps, { shop: row, plan: tenant.plan }),
      mobileAppFacts(db, row.id),
      findStoreAccount(db, row.id),
      syncAppUrlMetafield(deps, row, log),
    ]);
  const onboarding = await onboardingState(deps, row, {
    embedEnabled,
    publishedCount,
    popclipCount,
  });
  return {
    row,
    embedEnabled,
    publishedCount,
    billing,
    mobileApp,
    storeAccountEmail: storeAccount?.status === 'created' ? storeAccount.email : null,
    sellerId: tenant.sellerId,
    onboarding,
  };
}

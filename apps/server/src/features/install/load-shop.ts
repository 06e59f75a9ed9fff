import type { FastifyBaseLogger } from 'fastify';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Tenant } from '../../tenant';
import { storeAccountOf } from '../account';
import { shopBillingState } from '../billing';
import { mobileAppFactsOf } from '../mobile';
import { type OnboardingState, onboardingState } from '../onboarding';
import { clipCountOf } from '../popclips';
import {
  queueProductClipCounts,
  refreshStorefrontDomainsOnLoad,
  syncAppUrlMetafield,
} from '../shop';
import { queueFeaturedBubble } from '../storefront';
import { reinstallIfUninstalled } from './uninstall';

/**
 * The shop read model (GET /api/shopify/shop): the stored shop joined with live platform state
 * and what the other areas know of it, each read through its public face. The install area sits
 * above the areas it reads: only the composition root imports it.
 */
export interface ShopReadModel {
  /** The stored row, reinstalled if the app had been uninstalled. */
  row: ShopRow;
  embedEnabled: boolean;
  publishedCount: number;
  billing: Awaited<ReturnType<typeof shopBillingState>>;
  mobileApp: Awaited<ReturnType<typeof mobileAppFactsOf>>;
  /** The core store account's e-mail once created, and the live platform's seller. */
  storeAccountEmail: string | null;
  sellerId: string | null;
  onboarding: OnboardingState;
}

/**
 * How many products the shop published to Popstage's sales channel, connecting the channel first
 * on the app's first load (after that the adapter knows its publication and asks nothing more).
 * A refused connection is logged and counts 0: the app still opens, the next load tries again.
 */
async function salesChannelProducts(
  deps: Pick<AppDeps, 'platform'>,
  domain: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  try {
    await deps.platform.ensureSalesChannel(domain);
  } catch (error) {
    log.warn({ err: error, shop: domain }, 'connecting the Popstage sales channel failed');
  }
  return deps.platform.countPublishedProducts(domain);
}

/**
 * The admin loads the shop first on every open, so this is the app load: it reinstalls a shop the
 * app was uninstalled from (and has its product clip counts rewritten), keeps the app_url and
 * featured_bubble metafields written, the sales channel connected and the storefront domains
 * read (never throws).
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
  // A featured clip's bubble metafield checked: after a reinstall Shopify has deleted it, and a
  // plan change may have moved the bubble (custom positions).
  if (row.featuredPopclipId !== null) await queueFeaturedBubble(deps, { shopId: row.id }, log);
  const [embedEnabled, publishedCount, popclipCount, billing, mobileApp, storeAccount] =
    await Promise.all([
      deps.platform.isAppEmbedEnabled(domain),
      salesChannelProducts(deps, domain, log),
      clipCountOf(db, row.id),
      shopBillingState(deps, { shop: row, plan: tenant.plan }),
      mobileAppFactsOf(db, row.id),
      storeAccountOf(db, row.id),
      syncAppUrlMetafield(deps, row, log),
      refreshStorefrontDomainsOnLoad(deps, domain, log),
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

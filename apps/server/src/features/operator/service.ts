import type { MobilePreset, MobileRequestChange, OperatorShop } from '@popstage/core/operator';
import { FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@popstage/core/shop';
import { sql } from 'drizzle-orm';
import { shops } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { PlatformError } from '../../platform/errors';
import { planFacts, proposePlanChange } from '../billing';
import {
  mobilePlanOf,
  publicAppIdOf,
  readMobileAppRequest,
  requestHistory,
  setRequestByStaff,
  writeMobilePreset,
} from '../mobile';
import {
  deleteShop,
  ensureShop,
  featureFlagsOf,
  findShop,
  queueProductClipCounts,
  updateShop,
} from '../shop';
import { type AuditActor, audited } from './audit';

type Deps = Pick<AppDeps, 'database' | 'platform' | 'clock'>;

const NO_FLAGS = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, false]),
) as FeatureFlags;

/** The app's side of a shop; a shop it never met reads as not installed, with no flags. */
export async function operatorShop(
  deps: Pick<AppDeps, 'database'>,
  domain: string,
): Promise<OperatorShop> {
  const { db } = deps.database;
  const row = await findShop(db, domain);
  const request = row ? await readMobileAppRequest(db, row.id) : null;
  const mobileAppId = row ? await publicAppIdOf(db, row.id) : null;
  return {
    domain,
    installed: row !== undefined && row.uninstalledAt === null,
    installedAt: row?.installedAt.toISOString() ?? null,
    uninstalledAt: row?.uninstalledAt?.toISOString() ?? null,
    featureFlags: row ? featureFlagsOf(row) : NO_FLAGS,
    mobileAppRequest: request
      ? {
          ...request,
          submittedAt: request.submittedAt?.toISOString() ?? null,
          updatedAt: request.updatedAt.toISOString(),
        }
      : null,
    mobileAppId,
  };
}

/**
 * The shop's row, creating it from the store as a first admin open would. Without an access token
 * (the merchant never opened the app) Shopify tells the app nothing about the shop, so staff are
 * told to install it first. It may ask the store platform, so it runs before a change's
 * transaction (see `audited`); the changes below then only read the row.
 */
export async function installedShop(deps: Deps, domain: string) {
  try {
    return await ensureShop(deps, domain);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'unauthorized') {
      throw new HttpError(409, notInstalled(domain));
    }
    throw error;
  }
}

const notInstalled = (domain: string) =>
  `Popstage is not installed on ${domain}: open the app in the shop's admin first`;

/** The shop's row inside a change; `installedShop` made sure it exists. */
async function shopRow(deps: Pick<AppDeps, 'database'>, domain: string) {
  const row = await findShop(deps.database.db, domain);
  if (!row) throw new HttpError(409, notInstalled(domain));
  return row;
}

/**
 * Sets the given flags in one atomic jsonb merge (no lost updates), logged. A deactivated shop's
 * storefront shows no clips, so deactivate_shop recounts its product pages once the change is
 * committed.
 */
export async function setFeatureFlags(
  deps: Deps & Pick<AppDeps, 'queue'>,
  actor: AuditActor,
  domain: string,
  patch: Partial<Record<FeatureFlagName, boolean>>,
) {
  const shop = await installedShop(deps, domain);
  await audited(
    deps,
    actor,
    { action: 'shop.feature-flags', target: domain, read: (tx) => operatorShop(tx, domain) },
    (tx) =>
      updateShop(tx.database.db, domain, {
        featureFlags: sql`${shops.featureFlags} || ${JSON.stringify(patch)}::jsonb` as never,
      }),
  );
  if (patch.deactivate_shop !== undefined) await queueProductClipCounts(deps, shop.id);
}

export async function setMobileAppState(deps: Deps, domain: string, preset: MobilePreset) {
  const shop = await shopRow(deps, domain);
  await writeMobilePreset(deps.database.db, shop.id, preset, deps.clock.now());
}

/** Staff's change of a submitted request (Android only on a plan that has it). */
export async function changeMobileAppRequest(
  deps: Deps & Pick<AppDeps, 'catalogue'>,
  domain: string,
  change: MobileRequestChange,
) {
  const shop = await shopRow(deps, domain);
  const plan = await planFacts(deps.database.db, deps.catalogue, shop);
  const android = mobilePlanOf(deps, { plan })?.android ?? false;
  await setRequestByStaff(deps, shop.id, android, change);
}

export async function mobileAppRequestHistory(deps: Pick<AppDeps, 'database'>, domain: string) {
  const shop = await findShop(deps.database.db, domain);
  if (!shop) return [];
  const rows = await requestHistory(deps.database.db, shop.id);
  return rows.map((row) => ({ actor: row.actor, change: row.change, at: row.at.toISOString() }));
}

export async function proposeCompanyPlanChange(
  deps: AppDeps,
  domain: string,
  change: { planId: string; addonIds: string[] },
) {
  await shopRow(deps, domain);
  await proposePlanChange(deps, domain, change);
}

/** Everything the app stored for the shop, at once (the shop row cascades to all of it). */
export async function forgetShop(deps: Pick<AppDeps, 'database'>, domain: string) {
  const existed = (await findShop(deps.database.db, domain)) !== undefined;
  await deleteShop(deps.database.db, domain);
  return existed;
}

import { FEATURE_FLAG_NAMES, type FeatureFlags, type ShopInfoKey } from '@popstage/core/shop';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Tenant } from '../../tenant';
import {
  deleteShopRow,
  insertShop,
  type NewShop,
  selectShop,
  setShopInfoValue,
  updateShopRow,
} from './store';

/** The stored shop of a domain, uninstalled or not; undefined before its first install. */
export function findShop(db: Db, domain: string): Promise<ShopRow | undefined> {
  return selectShop(db, domain);
}

/** Changes stored columns of an installed shop; answers the row as stored now. */
export function updateShop(
  db: Db,
  domain: string,
  patch: Partial<Omit<NewShop, 'id' | 'shopifyDomain'>>,
): Promise<ShopRow> {
  return updateShopRow(db, domain, patch);
}

/** Removes the shop and, through ON DELETE CASCADE, everything the app stored for it. */
export function deleteShop(db: Db, domain: string): Promise<void> {
  return deleteShopRow(db, domain);
}

export const LIVE_PAGE = { handle: 'live', title: 'Live Shopping' } as const;

/**
 * The shop's row, installing it from the platform on the first authenticated call. Only tenant
 * resolution (and platform-driven paths such as webhooks and the sandbox) call it; services of
 * authenticated routes read request.tenant. `onInstall` runs once the row is first stored.
 */
export async function ensureShop(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  domain: string,
  onInstall?: (row: ShopRow) => Promise<void>,
): Promise<ShopRow> {
  const existing = await selectShop(deps.database.db, domain);
  if (existing) return existing;
  const platformShop = await deps.platform.getShop(domain);
  if (!platformShop) throw notFound(`Shop ${domain} is not known to the store platform`);
  const row = await insertShop(deps.database.db, {
    shopifyDomain: platformShop.domain,
    shopName: platformShop.name,
    shopHandle: platformShop.domain.replace(/\.myshopify\.com$/, ''),
    ownerName: platformShop.ownerName,
    ownerEmail: platformShop.email,
    primaryDomainUrl: platformShop.primaryDomainUrl,
    currency: platformShop.currency,
    shopifyShopCreatedAt: new Date(platformShop.createdAt),
  });
  await onInstall?.(row);
  return row;
}

/**
 * On install (after the token exchange, once the shop is stored): the storefront access token
 * the branded app's catalogue calls carry (issue 13 point 6). A failure does not stop the
 * install: it is logged, and the catalogue creates the token on its first call instead.
 */
export async function createStorefrontToken(
  deps: Pick<AppDeps, 'storefront'>,
  domain: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  try {
    await deps.storefront.ensureToken(domain);
  } catch (error) {
    log.warn({ err: error, shop: domain }, 'creating the storefront access token failed');
  }
}

export function featureFlagsOf(row: ShopRow): FeatureFlags {
  return Object.fromEntries(
    FEATURE_FLAG_NAMES.map((name) => [name, row.featureFlags[name] === true]),
  ) as FeatureFlags;
}

/** Stores one allow-listed shop-info value (already validated against its key's schema). */
export async function saveShopInfo(
  deps: Pick<AppDeps, 'database'>,
  tenant: Tenant,
  key: ShopInfoKey,
  value: unknown,
): Promise<ShopRow> {
  const domain = tenant.shop.shopifyDomain;
  if (key === 'skippedFirstPopclipsCreation') {
    return updateShopRow(deps.database.db, domain, {
      skippedFirstPopclipsCreation: value === true,
    });
  }
  return setShopInfoValue(deps.database.db, domain, key, value);
}

/** Whether the theme's Popstage app embed is on, as the platform has it now. */
export function appEmbedEnabled(deps: Pick<AppDeps, 'platform'>, tenant: Tenant): Promise<boolean> {
  return deps.platform.isAppEmbedEnabled(tenant.shop.shopifyDomain);
}

/** Creates the storefront live page once; an existing page with the handle counts as created. */
export async function ensureLivePage(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  tenant: Tenant,
): Promise<boolean> {
  const domain = tenant.shop.shopifyDomain;
  const existing = await deps.platform.findPage(domain, LIVE_PAGE.handle);
  if (!existing) {
    await deps.platform.createPage(domain, {
      ...LIVE_PAGE,
      body: '<div id="popstage-live"></div>',
    });
  }
  await updateShopRow(deps.database.db, domain, { livePageCreated: true });
  return true;
}

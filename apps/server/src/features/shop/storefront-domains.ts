import type { FastifyBaseLogger } from 'fastify';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findShop, updateShop } from './store';

export type DomainsRefresh = 'refreshed' | 'unchanged' | 'unknown_shop' | 'uninstalled';

/**
 * Reads where the shop's storefront is served (primary domain, market web presences) from the
 * platform and keeps it on the shop's row: the storefront API's CORS answers those origins. The
 * row is what every storefront request already loads, so a webhook's refresh reaches every
 * process at once. Run by the shop/update and domains/* webhooks and by each admin load.
 */
export async function refreshStorefrontDomains(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  domain: string,
): Promise<DomainsRefresh> {
  const db = deps.database.db;
  const row = await findShop(db, domain);
  if (!row) return 'unknown_shop';
  // No token to ask with; the reinstall's admin load reads them again.
  if (row.uninstalledAt !== null) return 'uninstalled';
  const found = await deps.platform.storefrontDomains(domain);
  if (sameDomains(row, found)) return 'unchanged';
  await updateShop(db, domain, {
    primaryDomainUrl: found.primaryDomainUrl,
    storefrontOrigins: found.origins,
  });
  return 'refreshed';
}

/** The admin load's refresh: a failure is logged, the app still opens. */
export async function refreshStorefrontDomainsQuietly(
  deps: Pick<AppDeps, 'database' | 'platform'>,
  domain: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  try {
    await refreshStorefrontDomains(deps, domain);
  } catch (error) {
    log.warn({ err: error, shop: domain }, 'reading the storefront domains failed');
  }
}

function sameDomains(row: ShopRow, found: { primaryDomainUrl: string; origins: string[] }) {
  return (
    row.primaryDomainUrl === found.primaryDomainUrl &&
    row.storefrontOrigins.length === found.origins.length &&
    row.storefrontOrigins.every((origin, index) => origin === found.origins[index])
  );
}

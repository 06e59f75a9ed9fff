import type { FastifyBaseLogger } from 'fastify';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { selectShop, updateShopRow } from './store';

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
  const row = await selectShop(db, domain);
  if (!row) return 'unknown_shop';
  // No token to ask with; the reinstall's admin load reads them again.
  if (row.uninstalledAt !== null) return 'uninstalled';
  const found = await deps.platform.storefrontDomains(domain);
  if (sameDomains(row, found)) return 'unchanged';
  await updateShopRow(db, domain, {
    primaryDomainUrl: found.primaryDomainUrl,
    storefrontOrigins: found.origins,
  });
  return 'refreshed';
}

/** How long an admin load's read of the domains stands in this process (webhooks always read). */
export const ADMIN_LOAD_DOMAINS_TTL_MS = 60_000;
const readOnLoad = new Map<string, number>();

/**
 * The admin load's refresh, at most once a minute per shop and process: the admin reloads the
 * shop on every open and the onboarding polls it, and each read costs Admin API points. A failure
 * is logged, the app still opens, and the next load tries again.
 */
export async function refreshStorefrontDomainsOnLoad(
  deps: Pick<AppDeps, 'database' | 'platform' | 'clock'>,
  domain: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const now = deps.clock.now().getTime();
  if ((readOnLoad.get(domain) ?? Number.NEGATIVE_INFINITY) > now - ADMIN_LOAD_DOMAINS_TTL_MS)
    return;
  readOnLoad.set(domain, now);
  try {
    await refreshStorefrontDomains(deps, domain);
  } catch (error) {
    readOnLoad.delete(domain);
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

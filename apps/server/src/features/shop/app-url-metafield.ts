import type { FastifyBaseLogger } from 'fastify';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { updateShopRow } from './store';

/**
 * Makes the shop's popstage.app_url metafield (what the theme app embed loads the player from)
 * APP_URL. The shop row remembers the URL last written, so an app load costs a string compare
 * unless the write is still due: right after install, after a failed write, or after APP_URL moved.
 * A failure is logged and never fails the app load; the next one retries.
 */
export async function syncAppUrlMetafield(
  deps: Pick<AppDeps, 'database' | 'platform' | 'config'>,
  row: ShopRow,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const url = deps.config.APP_URL;
  if (row.appUrlMetafield === url) return;
  try {
    await deps.platform.setAppUrlMetafield(row.shopifyDomain, url);
    await updateShopRow(deps.database.db, row.shopifyDomain, { appUrlMetafield: url });
  } catch (error) {
    log.warn(
      { err: error, shop: row.shopifyDomain },
      'writing the popstage.app_url metafield failed; the next app load retries',
    );
  }
}

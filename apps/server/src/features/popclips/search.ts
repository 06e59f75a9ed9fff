import type { PopclipRow } from '../../db/schema';
import type { Tenant } from '../../tenant';
import { assertOwner } from './context';
import type { PopclipDeps } from './service';
import { searchPopclips } from './store';

/**
 * GET /api/popclips/search (spec 02 §7): every clip of the shop whose title contains the
 * keyword, not only the ones the list has loaded. Pages count from 1; one row more than asked
 * says whether another page follows.
 */
export async function searchMedia(
  deps: Pick<PopclipDeps, 'database'>,
  tenant: Tenant,
  query: { shopifyDomain: string; searchValue: string; page: number; size: number },
): Promise<{ rows: PopclipRow[]; hasNextPage: boolean }> {
  assertOwner(tenant, query.shopifyDomain);
  const rows = await searchPopclips(deps.database.db, tenant.shop.id, {
    search: query.searchValue,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  return { rows: rows.slice(0, query.size), hasNextPage: rows.length > query.size };
}

import { ACCESS_DENIED_TITLE, openWhileDeactivated } from '@popstage/core/shop';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { findSellerAccount } from '../account';
import { planFacts } from '../billing';
import { ensureShop } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop the session token names, with its seller and plan facts (authenticated routes). */
    tenant: Tenant;
  }
}

/** Everything a service needs to know about the session's shop, read once. */
export async function resolveTenant(
  deps: Pick<AppDeps, 'database' | 'platform' | 'catalogue'>,
  shopDomain: string,
): Promise<Tenant> {
  const shop = await ensureShop(deps, shopDomain);
  const db = deps.database.db;
  const [seller, plan] = await Promise.all([
    findSellerAccount(db, shop.id),
    planFacts(db, deps.catalogue, shop),
  ]);
  return { shop, sellerId: seller?.sellerId ?? null, plan };
}

/**
 * preHandler of the authenticated scope: runs after the session token named the shop. A
 * deactivated shop (spec 01 §2: the whole app blocked) is refused here, once for every shop
 * route, before any handler reads or writes; only the app load answers, to show the page.
 */
export function tenantHook(deps: Pick<AppDeps, 'database' | 'platform' | 'catalogue'>) {
  return async (request: FastifyRequest) => {
    request.tenant = await resolveTenant(deps, request.shopDomain);
    const route = request.routeOptions.url ?? request.url;
    if (
      request.tenant.shop.featureFlags.deactivate_shop &&
      !openWhileDeactivated(request.method, route)
    ) {
      throw new HttpError(403, ACCESS_DENIED_TITLE, { reason: 'shop_deactivated' });
    }
  };
}

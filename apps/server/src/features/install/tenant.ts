import { ACCESS_DENIED_TITLE, openWhileDeactivated } from '@popstage/core/shop';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Tenant } from '../../tenant';
import { sellerAccountOf } from '../account';
import { planFacts } from '../billing';
import { createStorefrontToken, ensureShop } from '../shop';

type TenantDeps = Pick<AppDeps, 'database' | 'platform' | 'catalogue' | 'storefront'>;

/** Everything a service needs to know about the session's shop, read once; installs it first. */
export async function resolveTenant(
  deps: TenantDeps,
  shopDomain: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Tenant> {
  const shop = await ensureShop(deps, shopDomain, () =>
    createStorefrontToken(deps, shopDomain, log),
  );
  const db = deps.database.db;
  const [seller, plan] = await Promise.all([
    sellerAccountOf(db, shop.id),
    planFacts(db, deps.catalogue, shop),
  ]);
  return { shop, sellerId: seller?.sellerId ?? null, plan };
}

/**
 * preHandler of the authenticated scope: runs after the session token named the shop. A
 * deactivated shop (spec 01 §2: the whole app blocked) is refused here, once for every shop
 * route, before any handler reads or writes; only the app load answers, to show the page.
 */
export function tenantHook(deps: TenantDeps) {
  return async (request: FastifyRequest) => {
    request.tenant = await resolveTenant(deps, request.shopDomain, request.log);
    const route = request.routeOptions.url ?? request.url;
    if (
      request.tenant.shop.featureFlags.deactivate_shop &&
      !openWhileDeactivated(request.method, route)
    ) {
      throw new HttpError(403, ACCESS_DENIED_TITLE, { reason: 'shop_deactivated' });
    }
  };
}

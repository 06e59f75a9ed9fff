import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
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

/** preHandler of the authenticated scope: runs after the session token named the shop. */
export function tenantHook(deps: Pick<AppDeps, 'database' | 'platform' | 'catalogue'>) {
  return async (request: FastifyRequest) => {
    request.tenant = await resolveTenant(deps, request.shopDomain);
  };
}

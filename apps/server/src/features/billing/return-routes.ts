import rateLimit from '@fastify/rate-limit';
import { CHARGE_DECLINED_QUERY, billingContract as contract } from '@popstage/core/billing';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { serveRoute } from '../../http/contract-route';
import { adminPageOf } from '../../http/shopify-admin';
import { findShop } from '../shop';
import { subscriptionsOf } from './subscription-store';
import { syncShopSubscriptions } from './sync';

/**
 * Where the platform sends the merchant after approving or declining a charge. It carries no
 * session token (a top-level redirect), which is safe: it only re-reads the platform's truth.
 */
export async function billingReturnRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  // Unauthenticated, so bounded: per client IP, and the platform is only asked when the shop
  // has a charge waiting for the merchant's decision (any other hit is a plain redirect).
  await app.register(rateLimit, { max: 20, timeWindow: '1 minute' });
  serveRoute(app, contract.billingReturn, async ({ query }, reply) => {
    const admin = adminPageOf(deps.config, query.shop);
    if (await hasPendingCharge(deps.database.db, query.shop)) {
      const { approved } = await syncShopSubscriptions(deps, query.shop);
      // A charge waited and none became active: declined. The admin says nothing was charged.
      if (!approved) return reply.redirect(`${admin}?${CHARGE_DECLINED_QUERY}`, 303);
    }
    return reply.redirect(admin, 303);
  });
}

async function hasPendingCharge(db: Db, shopDomain: string): Promise<boolean> {
  const shop = await findShop(db, shopDomain);
  if (!shop) return false;
  return (await subscriptionsOf(db, shop.id)).some((row) => row.status === 'PENDING');
}

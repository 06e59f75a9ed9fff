import { billingContract as contract } from '@popstage/core/billing';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { adminPageOf } from '../../http/shopify-admin';
import { syncShopSubscriptions } from './sync';

/**
 * Where the platform sends the merchant after approving or declining a charge. It carries no
 * session token (a top-level redirect), which is safe: it only re-reads the platform's truth.
 */
export async function billingReturnRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  serveRoute(app, contract.billingReturn, async ({ query }, reply) => {
    await syncShopSubscriptions(deps, query.shop);
    return reply.redirect(adminPageOf(deps.config, query.shop), 303);
  });
}

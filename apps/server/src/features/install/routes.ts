import { shopContract as contract } from '@popstage/core/shop';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { loadShop } from './load-shop';
import { toShopWire } from './wire';

/** The app load (spec 01 §3): GET /api/shopify/shop, the admin's first call on every open. */
export async function appLoadRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.shop, async (request) =>
    toShopWire(deps, await loadShop(deps, request.tenant, request.log)),
  );
}

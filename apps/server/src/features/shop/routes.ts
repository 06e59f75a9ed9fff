import { shopContract as contract } from '@popstage/core/shop';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { forbidden } from '../../http/errors';
import { appEmbedEnabled, ensureLivePage, saveShopInfo } from './service';
import { toShopDetails, toShopPositions } from './wire';

/**
 * Shop API (spec 01 §3, §7) but the app load (GET /api/shopify/shop, features/install). The tenant
 * is always request.tenant, from the session token.
 */
export async function shopRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.embed, async ({ tenant }) => ({
    embedEnabled: await appEmbedEnabled(deps, tenant),
  }));

  serveRoute(app, contract.livePage, async ({ tenant }) => ({
    livePageCreated: await ensureLivePage(deps, tenant),
  }));

  serveRoute(app, contract.saveInfo, async ({ tenant, body }) => {
    await saveShopInfo(deps, tenant, body.key, body.value);
    return { success: true as const, data: { key: body.key, value: body.value } };
  });

  serveRoute(app, contract.details, async ({ tenant }) => ({
    data: { shop: toShopDetails(tenant.shop) },
  }));

  serveRoute(app, contract.positions, async ({ tenant, params }) => {
    if (params.shopifyDomain !== tenant.shop.shopifyDomain) {
      throw forbidden('You do not have access to this shop');
    }
    return { data: toShopPositions(tenant.shop) };
  });
}

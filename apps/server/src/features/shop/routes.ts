import { shopContract as contract, PLAYER_POSITION_KEYS } from '@popstage/core/shop';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { forbidden } from '../../http/errors';
import { loadShop } from './load-shop';
import { ensureLivePage, saveShopInfo } from './service';

/** Shop API (spec 01 §3, §7) from core's shop contract; the tenant is the session token's shop. */
export async function shopRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.get, async (request) => loadShop(deps, request.tenant, request.log));

  serveRoute(app, contract.embed, async ({ tenant }) => ({
    embedEnabled: await deps.platform.isAppEmbedEnabled(tenant.shop.shopifyDomain),
  }));

  serveRoute(app, contract.livePage, async ({ tenant }) => ({
    livePageCreated: await ensureLivePage(deps, tenant),
  }));

  serveRoute(app, contract.saveInfo, async ({ tenant, body }) => {
    await saveShopInfo(deps, tenant, body.key, body.value);
    return { success: true as const, data: { key: body.key, value: body.value } };
  });

  serveRoute(app, contract.details, async ({ tenant: { shop } }) => ({
    data: {
      shop: {
        shopifyDomain: shop.shopifyDomain,
        shopName: shop.shopName,
        ownerName: shop.ownerName,
        ownerEmail: shop.ownerEmail,
        primaryDomainUrl: shop.primaryDomainUrl,
        currency: shop.currency,
        customerAccountClientId: (shop.info.customerAccountClientId as string | undefined) ?? null,
      },
    },
  }));

  serveRoute(app, contract.byDomain, async ({ tenant: { shop }, params }) => {
    if (params.shopifyDomain !== shop.shopifyDomain) {
      throw forbidden('You do not have access to this shop');
    }
    const positions = Object.fromEntries(
      PLAYER_POSITION_KEYS.map((key) => [key, shop.info[key] ?? null]),
    ) as Record<(typeof PLAYER_POSITION_KEYS)[number], { xAxis: number; yAxis: number } | null>;
    return { data: { shopifyDomain: shop.shopifyDomain, shopName: shop.shopName, ...positions } };
  });
}

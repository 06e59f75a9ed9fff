import { PLAYER_POSITION_KEYS, type ShopInfoKey, shopInfoBodySchema } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isShopDomain } from '../../auth/session-token';
import { forbidden } from '../../http/errors';
import { ensureLivePage, ensureShop, loadShop, saveShopInfo } from './service';

/** Shop API (spec 01 §3, §7). The tenant is always request.shopDomain, from the session token. */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/shopify/shop', async (request) => loadShop(deps, request.shopDomain, request.log));

  app.get('/shopify/shop/embed', async (request) => {
    await ensureShop(deps, request.shopDomain);
    return { embedEnabled: await deps.platform.isAppEmbedEnabled(request.shopDomain) };
  });

  app.post('/shopify/shop/live-page', async (request) => ({
    livePageCreated: await ensureLivePage(deps, request.shopDomain),
  }));

  app.post('/shopify/shop-info', { schema: { body: shopInfoBodySchema } }, async (request) => {
    const { key, value } = request.body as { key: ShopInfoKey; value: unknown };
    await saveShopInfo(deps, request.shopDomain, key, value);
    return { success: true, data: { key, value } };
  });

  app.get('/shopify/shop-details', async (request) => {
    const row = await ensureShop(deps, request.shopDomain);
    return {
      data: {
        shop: {
          shopifyDomain: row.shopifyDomain,
          shopName: row.shopName,
          ownerName: row.ownerName,
          ownerEmail: row.ownerEmail,
          primaryDomainUrl: row.primaryDomainUrl,
          currency: row.currency,
          customerAccountClientId: (row.info.customerAccountClientId as string | undefined) ?? null,
        },
      },
    };
  });

  app.get(
    '/shopify/shop/:shopifyDomain',
    {
      schema: {
        params: z.object({
          shopifyDomain: z.string().refine(isShopDomain, 'Invalid shop domain'),
        }),
      },
    },
    async (request) => {
      if (request.params.shopifyDomain !== request.shopDomain) {
        throw forbidden('You do not have access to this shop');
      }
      const row = await ensureShop(deps, request.shopDomain);
      const positions = Object.fromEntries(
        PLAYER_POSITION_KEYS.map((key) => [key, row.info[key] ?? null]),
      );
      return { data: { shopifyDomain: row.shopifyDomain, shopName: row.shopName, ...positions } };
    },
  );
};

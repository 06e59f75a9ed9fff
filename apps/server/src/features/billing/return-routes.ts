import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isShopDomain } from '../../auth/session-token';
import { syncShopSubscriptions } from './sync';

/**
 * Where the platform sends the merchant after approving or declining a charge. It carries no
 * session token (a top-level redirect), which is safe: it only re-reads the platform's truth.
 */
export const billingReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/billing/return',
    {
      schema: {
        querystring: z.object({
          shop: z.string().refine(isShopDomain, 'Invalid shop domain'),
          charge_id: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { shop } = request.query;
      await syncShopSubscriptions(deps, shop);
      return reply.redirect(adminUrl(deps.config, shop), 303);
    },
  );
};

function adminUrl(
  config: { PLATFORM: string; SHOPIFY_API_KEY: string; APP_URL: string },
  shop: string,
): string {
  if (config.PLATFORM === 'sandbox') return `${config.APP_URL}/?shop=${encodeURIComponent(shop)}`;
  const handle = shop.replace(/\.myshopify\.com$/, '');
  return `https://admin.shopify.com/store/${handle}/apps/${config.SHOPIFY_API_KEY}`;
}

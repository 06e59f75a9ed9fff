import { billingContract as contract } from '@popstage/core/billing';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { serveRoute } from '../../http/contract-route';
import { syncShopSubscriptions } from './sync';

/**
 * Where the platform sends the merchant after approving or declining a charge. It carries no
 * session token (a top-level redirect), which is safe: it only re-reads the platform's truth.
 */
export async function billingReturnRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  serveRoute(app, contract.billingReturn, async ({ query }, reply) => {
    await syncShopSubscriptions(deps, query.shop);
    return reply.redirect(adminUrl(deps.config, query.shop), 303);
  });
}

function adminUrl(
  config: Pick<Config, 'PLATFORM' | 'SHOPIFY_API_KEY' | 'APP_URL'>,
  shop: string,
): string {
  if (config.PLATFORM === 'sandbox') return `${config.APP_URL}/?shop=${encodeURIComponent(shop)}`;
  const handle = shop.replace(/\.myshopify\.com$/, '');
  return `https://admin.shopify.com/store/${handle}/apps/${config.SHOPIFY_API_KEY}`;
}

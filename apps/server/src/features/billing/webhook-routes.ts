import { z } from 'zod';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { findShop } from '../shop';
import { syncShopSubscriptions } from './sync';

/**
 * APP_SUBSCRIPTIONS_UPDATE. The payload is not trusted beyond being a JSON object: the handler
 * re-reads the shop's active subscriptions from the platform. An uninstalled shop is skipped:
 * its token is gone, and the uninstall already ended its subscriptions as Shopify cancels them.
 */
export const webhookRoutes = shopifyWebhookRoutes({
  topic: 'app_subscriptions/update',
  payload: z.looseObject({}),
  handle: async (deps, { shopDomain }) => {
    const shop = await findShop(deps.database.db, shopDomain);
    if (shop && shop.uninstalledAt !== null) return { outcome: 'skipped', reason: 'uninstalled' };
    await syncShopSubscriptions(deps, shopDomain);
    return undefined;
  },
});

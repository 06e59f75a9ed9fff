import { z } from 'zod';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { syncShopSubscriptions } from './sync';

/**
 * APP_SUBSCRIPTIONS_UPDATE. The payload is not trusted beyond being a JSON object: the handler
 * re-reads the shop's active subscriptions from the platform.
 */
export const webhookRoutes = shopifyWebhookRoutes({
  topic: 'app_subscriptions/update',
  payload: z.looseObject({}),
  handle: async (deps, { shopDomain }) => {
    await syncShopSubscriptions(deps, shopDomain);
    return undefined;
  },
});

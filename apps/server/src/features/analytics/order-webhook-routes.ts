import { analyticsContract } from '@popstage/core/analytics';
import { failpoint } from '../../failpoints';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { recordOrder } from './orders';

/**
 * ORDERS_CREATE: the order is credited to clips and stored once, however often it is delivered.
 * The sandbox store's checkout delivers the same signed payload here, so on the sandbox platform
 * the order's source is the sandbox.
 */
export const orderWebhookRoutes = shopifyWebhookRoutes({
  contract: analyticsContract.orderCreated,
  handle: async (deps, { shopDomain, payload }) => {
    const source = deps.config.PLATFORM === 'sandbox' ? 'sandbox' : 'shopify';
    const recorded = await recordOrder(deps, shopDomain, payload, source);
    failpoint('order.after-credit');
    return {
      outcome: recorded.outcome,
      ...(recorded.outcome === 'skipped' ? { reason: recorded.reason } : {}),
      attributedLines: recorded.attributions.length,
    };
  },
});

import { analyticsContract } from '@popstage/core/analytics';
import { failpoint } from '../../failpoints';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { queueLiveFeeCharge } from '../billing';
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
    // Queued after the order's commit; a redelivery queues it again (the job id is the fee's, so
    // once), and the sweep catches a fee whose queueing a crash lost.
    if (recorded.outcome !== 'skipped' && recorded.liveFee?.status === 'pending') {
      await queueLiveFeeCharge(deps.queue, recorded.liveFee.id);
      failpoint('live-fee.after-queue');
    }
    return {
      outcome: recorded.outcome,
      ...(recorded.outcome === 'skipped' ? { reason: recorded.reason } : {}),
      attributedLines: recorded.attributions.length,
    };
  },
});

import { complianceContract as contract } from '@popstage/core/compliance';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { findShop } from '../shop';
import { redactCustomerOrders, summarizeCustomerData } from './customer-data';
import { SHOP_REDACT_JOB, type ShopRedactData } from './shop-redact-job';

/**
 * Shopify's mandatory compliance webhooks (docs/decisions.md "Uninstall and privacy webhooks").
 * They go through the shared pipeline: a wrong HMAC answers 401, as Shopify's review requires.
 * https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance
 */

/**
 * CUSTOMERS_DATA_REQUEST: acknowledged, and what the app holds for the named orders is logged
 * (counts and order ids only) for support to send to the merchant; nothing is stored.
 */
export const customersDataRequestRoutes = shopifyWebhookRoutes({
  contract: contract.customersDataRequest,
  payloadShop: (payload) => payload.shop_domain,
  handle: async (deps, { shopDomain, webhookId, payload, log }) => {
    const held = await summarizeCustomerData(
      deps.database.db,
      shopDomain,
      payload.orders_requested,
    );
    log.info(
      {
        shop: shopDomain,
        webhookId,
        dataRequestId: payload.data_request?.id ?? null,
        ordersRequested: payload.orders_requested.length,
        held,
      },
      'customers/data_request: customer data to send to the merchant',
    );
    return { orders: held.orders.length, events: held.events, likes: held.likes };
  },
});

/** CUSTOMERS_REDACT: the named orders of the shop are detached from the visitor's activity. */
export const customersRedactRoutes = shopifyWebhookRoutes({
  contract: contract.customersRedact,
  payloadShop: (payload) => payload.shop_domain,
  handle: async (deps, { shopDomain, payload }) => {
    const redacted = await redactCustomerOrders(
      deps.database.db,
      shopDomain,
      payload.orders_to_redact,
    );
    return { ...redacted };
  },
});

/** Shopify sends shop/redact 48 hours after an uninstall; nothing is deleted sooner. */
export const SHOP_REDACT_AFTER_HOURS = 48;

/**
 * SHOP_REDACT (48 hours after an uninstall): queued, since deleting a shop's media and events can
 * outlast Shopify's 5-second answer window. A shop installed again is left alone, and so is one
 * uninstalled less than 48 hours ago: a replayed delivery after an uninstall cannot delete what
 * the merchant may still come back for.
 */
export const shopRedactRoutes = shopifyWebhookRoutes({
  contract: contract.shopRedact,
  payloadShop: (payload) => payload.shop_domain,
  handle: async (deps, { shopDomain, log }) => {
    const shop = await findShop(deps.database.db, shopDomain);
    if (shop && shop.uninstalledAt === null) {
      log.warn({ shop: shopDomain }, 'shop/redact for an installed shop: nothing deleted');
      return { outcome: 'skipped' as const, reason: 'installed' as const };
    }
    const redactableFrom = deps.clock.now().getTime() - SHOP_REDACT_AFTER_HOURS * 3_600_000;
    if (shop?.uninstalledAt && shop.uninstalledAt.getTime() > redactableFrom) {
      log.warn(
        { shop: shopDomain },
        'shop/redact within 48 hours of the uninstall: nothing deleted',
      );
      return { outcome: 'skipped' as const, reason: 'recently_uninstalled' as const };
    }
    const data: ShopRedactData = { shopDomain, shopId: shop?.id ?? null };
    await deps.queue.send(SHOP_REDACT_JOB, data);
    return { outcome: 'queued' as const };
  },
});

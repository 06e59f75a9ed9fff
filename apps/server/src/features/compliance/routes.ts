import { complianceContract as contract, dataRequestsContract } from '@popstage/core/compliance';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { findShop, reinstalledSince, updateShop } from '../shop';
import { collectCustomerData, redactCustomerOrders } from './customer-data';
import { dataRequestExport, listDataRequests, storeDataRequest } from './data-requests';
import { SHOP_REDACT_JOB, type ShopRedactData } from './shop-redact-job';

/**
 * Shopify's mandatory compliance webhooks (docs/decisions.md "Uninstall and privacy webhooks").
 * They go through the shared pipeline: a wrong HMAC answers 401, as Shopify's review requires.
 * https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance
 */

/**
 * CUSTOMERS_DATA_REQUEST: what the app holds for the named orders is kept as an export the
 * merchant downloads from the app (Insights), and logged as counts only.
 */
export const customersDataRequestRoutes = shopifyWebhookRoutes({
  contract: contract.customersDataRequest,
  payloadShop: (payload) => payload.shop_domain,
  handle: async (deps, { shopDomain, webhookId, payload, log }) => {
    const db = deps.database.db;
    const shop = await findShop(db, shopDomain);
    if (!shop) return { orders: 0, events: 0, likes: 0 };
    const now = deps.clock.now();
    const data = await collectCustomerData(
      db,
      shop,
      {
        dataRequestId: payload.data_request?.id ?? null,
        customerId: payload.customer.id ?? null,
        orderIds: payload.orders_requested,
      },
      now,
    );
    await storeDataRequest(db, shop, webhookId, data, now);
    const held = {
      orders: data.orders.length,
      events: data.storefrontActivity.events.length,
      likes: data.storefrontActivity.likes.length,
    };
    log.info(
      { shop: shopDomain, webhookId, dataRequestId: data.dataRequestId, ...held },
      'customers/data_request: export kept for the merchant',
    );
    return held;
  },
});

/** The merchant's side of data requests: the list and each export (the session's shop only). */
export async function dataRequestRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  serveRoute(app, dataRequestsContract.listDataRequests, async ({ tenant }) => ({
    requests: await listDataRequests(deps.database.db, tenant.shop, deps.clock.now()),
  }));
  serveRoute(app, dataRequestsContract.dataRequestExport, async ({ tenant, params }) =>
    dataRequestExport(deps.database.db, tenant.shop, params.id, deps.clock.now()),
  );
}

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

/**
 * SHOP_REDACT: Shopify issues it 48 hours after an uninstall, and the app acts whenever it
 * arrives: queued, since deleting a shop's media and events can outlast Shopify's 5-second answer
 * window. It is skipped only when the shop was installed again after the request was issued
 * (X-Shopify-Triggered-At): a token exchanged since, or a token Shopify still accepts (the HMAC
 * covers the body only, so a captured delivery replayed under new headers must not erase a shop
 * that has the app). An app/uninstalled the app never got is recorded first, so the job, which
 * deletes only uninstalled shops, finds the shop uninstalled.
 */
export const shopRedactRoutes = shopifyWebhookRoutes({
  contract: contract.shopRedact,
  payloadShop: (payload) => payload.shop_domain,
  handle: async (deps, { shopDomain, triggeredAt, log }) => {
    const db = deps.database.db;
    if (await reinstalledSince(db, shopDomain, triggeredAt)) {
      log.warn({ shop: shopDomain, triggeredAt }, 'shop/redact issued before a reinstall: skipped');
      return { outcome: 'skipped' as const, reason: 'reinstalled' as const };
    }
    if (!(await deps.platform.accessRevoked(shopDomain))) {
      log.warn({ shop: shopDomain }, 'shop/redact for an installed shop: nothing deleted');
      return { outcome: 'skipped' as const, reason: 'installed' as const };
    }
    const shop = await findShop(db, shopDomain);
    // Uninstalled as Shopify says, so that the job (which deletes only uninstalled shops) acts.
    if (shop && shop.uninstalledAt === null) {
      await updateShop(db, shopDomain, { uninstalledAt: triggeredAt });
    }
    const data: ShopRedactData = { shopDomain, shopId: shop?.id ?? null };
    await deps.queue.send(SHOP_REDACT_JOB, data);
    return { outcome: 'queued' as const };
  },
});

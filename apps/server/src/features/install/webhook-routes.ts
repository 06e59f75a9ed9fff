import { appUninstalledPayloadSchema } from '@popstage/core/compliance';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { recordUninstall } from './uninstall';

/**
 * APP_UNINSTALLED: the shop stops being served and its access token is forgotten; its data stays
 * until shop/redact. The sandbox's "Uninstall app" action delivers the same signed webhook.
 */
export const uninstallWebhookRoutes = shopifyWebhookRoutes({
  topic: 'app/uninstalled',
  payload: appUninstalledPayloadSchema,
  payloadShop: (shop) => shop.myshopify_domain,
  handle: async (deps, { shopDomain, triggeredAt, log }) => {
    // The HMAC covers the body only, so a captured delivery can be replayed after a reinstall:
    // only the platform's refusal of the shop's access token proves the app is uninstalled.
    if (!(await deps.platform.accessRevoked(shopDomain))) {
      log.warn({ shop: shopDomain, triggeredAt }, 'app/uninstalled while the token still works');
      return { outcome: 'still_installed' as const };
    }
    const outcome = await recordUninstall(deps.database.db, shopDomain, triggeredAt);
    if (outcome === 'reinstalled_since') {
      log.warn({ shop: shopDomain, triggeredAt }, 'app/uninstalled arrived after a reinstall');
    }
    return { outcome };
  },
});

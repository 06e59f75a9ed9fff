import {
  appScopesUpdatePayloadSchema,
  appUninstalledPayloadSchema,
} from '@popstage/core/compliance';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { cancelOpenSubscriptions } from '../billing';
import { recordGrantedScopes, recordUninstall } from './uninstall';

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
    const outcome = await recordUninstall(
      deps.database.db,
      shopDomain,
      triggeredAt,
      cancelOpenSubscriptions,
    );
    if (outcome === 'reinstalled_since') {
      log.warn({ shop: shopDomain, triggeredAt }, 'app/uninstalled arrived after a reinstall');
    }
    return { outcome };
  },
});

/**
 * APP_SCOPES_UPDATE: the merchant approved a change of the app's scopes (after a deploy of
 * shopify.app.toml asked for new ones): the stored grant follows, so the next request does not
 * exchange a token again to learn it.
 */
export const scopesUpdateWebhookRoutes = shopifyWebhookRoutes({
  topic: 'app/scopes_update',
  payload: appScopesUpdatePayloadSchema,
  handle: async (deps, { shopDomain, payload }) => ({
    outcome: await recordGrantedScopes(deps.database.db, shopDomain, payload.current),
  }),
});

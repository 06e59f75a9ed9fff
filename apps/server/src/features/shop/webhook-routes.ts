import {
  appScopesUpdatePayloadSchema,
  appUninstalledPayloadSchema,
} from '@popstage/core/compliance';
import { domainPayloadSchema, shopUpdatePayloadSchema } from '@popstage/core/shop';
import type { AppDeps } from '../../deps';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { refreshStorefrontDomains } from './storefront-domains';
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
    const outcome = await recordUninstall(deps.database.db, shopDomain, triggeredAt);
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

/** The storefront feed is only rebuilt when the shop's domains did change. */
const domainsLeaveFeed = (answer: { outcome: string }) => answer.outcome !== 'refreshed';
const refreshDomains = async (deps: AppDeps, shopDomain: string) => ({
  outcome: await refreshStorefrontDomains(deps, shopDomain),
});

/**
 * SHOP_UPDATE and DOMAINS_CREATE / _UPDATE / _DESTROY: the shop's primary domain or its
 * domains changed. The storefront domains are read again from the Admin API (not from the
 * payload), so the storefront API answers CORS for a domain as soon as Shopify serves it there.
 */
export const shopUpdateWebhookRoutes = shopifyWebhookRoutes({
  topic: 'shop/update',
  payload: shopUpdatePayloadSchema,
  payloadShop: (shop) => shop.myshopify_domain,
  leavesFeed: domainsLeaveFeed,
  handle: (deps, { shopDomain }) => refreshDomains(deps, shopDomain),
});

export const domainWebhookRoutes = ['domains/create', 'domains/update', 'domains/destroy'].map(
  (topic) =>
    shopifyWebhookRoutes({
      topic,
      payload: domainPayloadSchema,
      leavesFeed: domainsLeaveFeed,
      handle: (deps, { shopDomain }) => refreshDomains(deps, shopDomain),
    }),
);

import { appScopesUpdatePayloadSchema } from '@popstage/core/compliance';
import { domainPayloadSchema, shopUpdatePayloadSchema } from '@popstage/core/shop';
import type { AppDeps } from '../../deps';
import { shopifyWebhookRoutes } from '../../http/shopify-webhooks';
import { recordGrantedScopes } from './store';
import { refreshStorefrontDomains } from './storefront-domains';

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

import type { OperatorBillingOffer } from '@popstage/core/operator';
import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '@popstage/core/shop';
import { badge, type Html, html, page } from '../web/html';
import { CSS } from '../web/styles';
import { accessScopesSection } from './access-scopes';
import {
  appStatus,
  discountCodesSection,
  mobileSection,
  privacySection,
  productsSection,
  proposeSection,
  subscriptionsSection,
  trafficSection,
  uninstallSection,
  webhooksSection,
} from './control-sections';
import { domainsSection } from './domains';
import type { SandboxShopState } from './service';
import { storePlanSection } from './store-plan';

/** The /sandbox control page: plain forms that POST and come back here, so it works without JS. */

export const NOTICES = {
  reset: 'The shop is back to a fresh install.',
  flags: 'Feature flag saved.',
  embed: 'Theme app embed switched.',
  consent: 'Cookie consent setting saved: the storefront asks shoppers, or no longer does.',
  protected_data:
    'Protected customer data access saved: order webhooks are sent, or no longer are.',
  plan: 'Plan change proposed: the merchant can accept it in the admin.',
  mobile: 'Mobile app state applied.',
  mobile_refused:
    'The app refused the mobile app change (no submitted request, or Android on a plan without it).',
  publish: 'Active products published to the Popstage sales channel.',
  uninstalled:
    'App uninstalled: the theme app embed is off and the app got app/uninstalled. Opening the admin reinstalls it.',
  undelivered:
    'App uninstalled from the store, but the app did not accept app/uninstalled (see the server log).',
  product: 'Product changed: the app got products/update.',
  product_undelivered:
    'Product changed in the store, but the app did not accept products/update (see the server log).',
  no_product: 'The store has no product with that handle.',
  not_installed: 'Popstage is not installed on that shop yet: open its admin first.',
  privacy: 'Privacy request sent: the app got the webhook.',
  traffic: 'Generating a month of shopper traffic: this page follows its progress.',
  views: 'Adding views to this month: this page follows its progress.',
  privacy_undelivered:
    'Privacy request sent, but the app did not accept it: it is retried as Shopify would.',
  store_plan: 'Store plan saved: the app’s next charge is a test charge or a real one accordingly.',
  domain_added: 'Domain connected: the app got domains/create.',
  domain_primary: 'Primary domain changed: the app got domains/update and shop/update.',
  domain_removed: 'Domain removed: the app got domains/destroy.',
  domain_refused: 'That domain cannot be connected (malformed, already connected, or a market’s).',
} as const;
export type Notice = keyof typeof NOTICES;

const FLAG_HINTS: Record<FeatureFlagName, string> = {
  deactivate_shop: 'Blocks the whole app with an access-denied page.',
  looker_dashboard: 'Shows the Looker analytics dashboard.',
  popclips_analytics_dashboard: 'Shows the Popclips analytics dashboard.',
  disable_push_notification: 'Turns off push notifications.',
};

/** Page-wide data: the app's URL, and its public plans and discount codes (null: unreachable). */
export interface ControlPageExtras {
  offer: OperatorBillingOffer | null;
  appUrl: string;
}

export function renderControlPage(
  shops: SandboxShopState[],
  extras: ControlPageExtras,
  notice?: Notice,
): string {
  return page(
    'Popstage sandbox',
    CSS,
    html`<main>
  <header>
    <h1>Popstage sandbox</h1>
    <p>An offline stand-in for Shopify: two stores generated on this machine. Nothing here leaves it.</p>
    <p><a href="${extras.appUrl}/sandbox/outbox">SMS outbox</a> · <a href="${extras.appUrl}/sandbox/support">Support requests</a> (the app's offline services)</p>
    <p><a href="${extras.appUrl}/operator">Operator console</a>: Popstage staff's screens for banners, discount codes, flags and plan proposals, with an audit log (first admin: <code>npm run operator:create</code>)</p>
  </header>
  ${notice ? html`<p class="notice" role="status">${NOTICES[notice]}</p>` : ''}
  <div class="shops">${shops.map((shop) => shopCard(shop, extras))}</div>
  ${extras.offer ? discountCodesSection(extras.offer.discountCodes) : ''}
</main>`,
    // While traffic is generated, the page follows its progress.
    shops.some((shop) => shop.traffic?.running)
      ? html`<meta http-equiv="refresh" content="2">`
      : html``,
  );
}

function shopCard(shop: SandboxShopState, extras: ControlPageExtras): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  return html`<section class="card" id="${shop.domain}">
  <div class="card-head">
    <div>
      <h2>${shop.name}</h2>
      <p class="muted">${shop.domain}</p>
    </div>
    <a class="button primary" href="${shop.adminUrl}">Open admin as this shop</a>
  </div>
  <dl>
    <dt>Owner</dt><dd>${shop.ownerName} · ${shop.email}</dd>
    <dt>Storefront</dt><dd><a href="${shop.primaryDomainUrl}">${shop.primaryDomainUrl}</a></dd>
    <dt>App</dt><dd>${appStatus(shop)}</dd>
    <dt>Sales channel</dt><dd>${shop.publishedProducts} products published</dd>
    <dt>Live page</dt><dd>${badge(shop.livePage, shop.livePage ? 'Created' : 'Not created')}</dd>
  </dl>

  <h3>App access</h3>
  <form class="row" method="post" action="${base}/protected-customer-data">
    <span>Shopify approved Popstage's protected customer data access (orders) ${badge(shop.protectedCustomerData, shop.protectedCustomerData ? 'Approved' : 'Not approved')}<br><small class="muted">Without it Shopify sends no order webhooks and refuses Order objects: Insights shows no sales.</small></span>
    <input type="hidden" name="granted" value="${String(!shop.protectedCustomerData)}">
    <button type="submit">${shop.protectedCustomerData ? 'Withdraw' : 'Approve'}</button>
  </form>

  ${accessScopesSection(shop.domain, shop.accessScopes.declared, shop.accessScopes.granted)}

  <h3>Sales channel</h3>
  <form class="row" method="post" action="${base}/publish-products">
    <span>Popstage sales channel ${badge(shop.salesChannel !== null, shop.salesChannel === null ? 'Not connected' : 'Connected')} ${shop.publishedProducts} products published${shop.salesChannel === null ? html`<br><small class="muted">The app connects its channel (channelCreate) on its first load.</small>` : ''}</span>
    <button type="submit"${shop.salesChannel === null ? ' disabled' : ''}>Publish all active products</button>
  </form>

  ${productsSection(shop)}
  ${domainsSection(shop)}

  <h3>Theme</h3>
  <form class="row" method="post" action="${base}/embed">
    <span>Popstage app embed ${badge(shop.embedEnabled, shop.embedEnabled ? 'On' : 'Off')}</span>
    <input type="hidden" name="enabled" value="${String(!shop.embedEnabled)}">
    <button type="submit">${shop.embedEnabled ? 'Switch off' : 'Switch on'}</button>
  </form>
  <form class="row" method="post" action="${base}/consent">
    <span>Shoppers must consent to analytics (as in the EU) ${badge(shop.consentRequired, shop.consentRequired ? 'On' : 'Off')}</span>
    <input type="hidden" name="required" value="${String(!shop.consentRequired)}">
    <button type="submit">${shop.consentRequired ? 'Switch off' : 'Switch on'}</button>
  </form>

  <h3>Feature flags</h3>
  <p class="muted">Quick switches through the staff API; staff use <a href="${extras.appUrl}/operator/shops/${shop.domain}">this shop in the operator console</a>.</p>
  ${FEATURE_FLAG_NAMES.map((name) => {
    const on = shop.featureFlags[name];
    return html`<form class="row" method="post" action="${base}/flags">
    <span><code>${name}</code> ${badge(on, on ? 'On' : 'Off')}<br><small class="muted">${FLAG_HINTS[name]}</small></span>
    <input type="hidden" name="name" value="${name}">
    <input type="hidden" name="enabled" value="${String(!on)}">
    <button type="submit">${on ? 'Turn off' : 'Turn on'}</button>
  </form>`;
  })}

  ${storePlanSection(shop)}
  ${subscriptionsSection(shop)}
  ${extras.offer ? proposeSection(shop, extras.offer) : ''}
  ${mobileSection(shop)}
  ${trafficSection(shop)}
  ${privacySection(shop)}
  ${webhooksSection(shop)}

  ${uninstallSection(shop)}

  <form class="danger-zone" method="post" action="${base}/reset"
    onsubmit="return confirm('Reset this shop to a fresh install? Everything the app stored for it is deleted.')">
    <span>Regenerate the store and delete everything the app stored for this shop.</span>
    <button type="submit" class="danger">Reset to fresh install</button>
  </form>
</section>`;
}

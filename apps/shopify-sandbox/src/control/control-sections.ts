import {
  MOBILE_PLATFORM_STATES,
  MOBILE_PRESETS,
  type MobilePreset,
  type OperatorBillingOffer,
  type PriceOption,
} from '@popstage/core/operator';
import { SANDBOX_PRODUCT_EDITS, type SandboxProductEdit } from '../store/product-edits';
import { MAX_VIEWS_PER_RUN } from '../traffic/generate-views';
import { dateText, discountText, money } from '../web/format';
import { badge, type Html, html } from '../web/html';
import type { SandboxShopState } from './service';

/** The app installation, billing, mobile and webhook parts of the /sandbox control page. */

const MOBILE_PRESET_LABELS: Record<MobilePreset, string> = {
  none: 'None (no app request)',
  submitted: 'Submitted, awaiting build',
  ios_live: 'iOS live',
  blocked: 'Blocked (Android)',
  customer_action: 'Customer action required (iOS)',
};

type DiscountCodeView = OperatorBillingOffer['discountCodes'][number];

export function appStatus(shop: SandboxShopState): Html {
  if (!shop.appReachable) {
    return html`${badge(shop.appInstalled, shop.appInstalled ? 'Installed' : 'Not installed')} <span class="muted">the app's staff API did not answer: its side is unknown</span>`;
  }
  if (shop.installed) {
    return html`${badge(true, 'Installed')} <span class="muted">since ${shop.installedAt}</span>`;
  }
  if (shop.uninstalledAt) {
    return html`${badge(false, 'Uninstalled')} <span class="muted">at ${shop.uninstalledAt}; its data is kept, opening the admin reinstalls</span>`;
  }
  return html`${badge(false, 'Not installed')} <span class="muted">installs when the admin opens</span>`;
}

/** As a merchant uninstalls in Shopify's admin; only while the app is installed. */
export function uninstallSection(shop: SandboxShopState): Html {
  if (!shop.appInstalled) return html``;
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  return html`<form class="danger-zone" method="post" action="${base}/uninstall"
    onsubmit="return confirm('Uninstall Popstage from this store? The storefront stops showing Popclips; the data is kept for a reinstall.')">
    <span>Uninstall the app as the merchant would: the theme app embed goes off, charges are cancelled and the app gets app/uninstalled.</span>
    <button type="submit" class="danger">Uninstall app</button>
  </form>`;
}

const PRODUCT_EDIT_LABELS: Record<SandboxProductEdit, string> = {
  sell_out: 'Mark sold out',
  restock: 'Restock',
  activate: 'Set active',
  draft: 'Set draft',
  archive: 'Archive',
};

/** Stock and status as a merchant changes them in Shopify's admin; the app gets products/update. */
export function productsSection(shop: SandboxShopState): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  return html`<h3>Products</h3>
  <p class="muted">Change a product's stock or status; the app gets <code>products/update</code>. The handle ends the product page's URL in the storefront.</p>
  <form class="row" method="post" action="${base}/product-edit">
    <span class="inline"><input class="field" name="handle" required maxlength="255" placeholder="product-handle" aria-label="Product handle">
    <select name="edit" aria-label="Product change">${SANDBOX_PRODUCT_EDITS.map((edit) =>
      option(edit, PRODUCT_EDIT_LABELS[edit]),
    )}</select> <button type="submit">Apply</button></span>
  </form>`;
}

export function subscriptionsSection(shop: SandboxShopState): Html {
  const rows = shop.appSubscriptions;
  return html`<h3>App subscriptions (Shopify Billing)</h3>
  <p><a href="/sandbox/billing/shops/${encodeURIComponent(shop.domain)}">Billing page (charges and usage records)</a></p>
  ${
    rows.length === 0
      ? html`<p class="muted">No charges yet: the app creates them at checkout.</p>`
      : html`<table>
    <tr><th>Charge</th><th>Status</th><th>Price / 30 days</th><th>Period ends</th></tr>
    ${rows.map(
      (s) => html`<tr>
      <td>${s.name}<br><small class="muted">#${s.numericId}${s.test ? ' · test' : ''}</small></td>
      <td>${badge(s.status === 'ACTIVE', s.status)}${
        s.status === 'PENDING'
          ? html`<br><a href="/sandbox/billing/confirm/${s.numericId}">Approval page</a>`
          : ''
      }</td>
      <td>${money(s.price.amount, s.price.currencyCode)}${
        discountText(s) ? html`<br><small class="muted">${discountText(s)}</small>` : ''
      }${
        s.usage
          ? html`<br><small class="muted">usage ${money(s.usage.balanceUsed, s.usage.cappedAmount.currencyCode)} of ${money(s.usage.cappedAmount.amount, s.usage.cappedAmount.currencyCode)}</small>`
          : ''
      }</td>
      <td>${dateText(s.currentPeriodEnd)}</td>
    </tr>`,
    )}
  </table>`
  }`;
}

export function proposeSection(shop: SandboxShopState, options: OperatorBillingOffer): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  if (options.plans.length === 0) {
    return html`<h3>Propose a plan change</h3><p class="muted">The billing catalogue has no public plan.</p>`;
  }
  return html`<h3>Propose a plan change</h3>
  <form class="stack" method="post" action="${base}/propose-plan-change">
    <small class="muted">As Popstage staff would: the merchant sees it pending and accepts it in the admin.</small>
    <label>Plan <select name="planId">${options.plans.map((p) => option(p.id, priced(p)))}</select></label>
    ${options.features.map(
      (feature) => html`<label>${feature.name} <select name="addon_${feature.id}">
      <option value="">No add-on</option>${feature.addons.map((a) => option(a.id, priced(a)))}
    </select></label>`,
    )}
    <div><button type="submit">Propose plan change</button></div>
  </form>`;
}

export function mobileSection(shop: SandboxShopState): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  const request = shop.mobileAppRequest;
  const summary = request
    ? html`iOS ${request.iosStatus ?? '—'} · Android ${request.androidStatus ?? '—'}${
        request.submittedAt ? ` · submitted ${dateText(request.submittedAt)}` : ''
      }`
    : html`<span class="muted">No app request</span>`;
  return html`<h3>Mobile app state</h3>
  <form class="row" method="post" action="${base}/mobile-app-state">
    <span>${summary}</span>
    <span class="inline"><select name="preset" aria-label="Mobile app state preset">${MOBILE_PRESETS.map(
      (preset) => option(preset, MOBILE_PRESET_LABELS[preset]),
    )}</select> <button type="submit">Apply</button></span>
  </form>
  ${request?.submittedAt ? mobileRequestForm(base, request) : ''}
  ${shop.mobileAppId ? html`<p><a href="${base}/app-preview" target="_blank">Open the branded app on a sandbox phone</a></p>` : ''}`;
}

type MobileRequestView = NonNullable<SandboxShopState['mobileAppRequest']>;

/** Popstage staff's side of a submitted request: each platform's state and link, the notes. */
function mobileRequestForm(base: string, request: MobileRequestView): Html {
  const stateSelect = (name: 'iosStatus' | 'androidStatus', label: string) => {
    const current = request[name]?.toUpperCase() ?? '';
    return html`<label>${label} <select name="${name}" aria-label="${label}">
      <option value=""${current === '' ? ' selected' : ''}>—</option>
      ${MOBILE_PLATFORM_STATES.map(
        (state) =>
          html`<option value="${state}"${current === state ? ' selected' : ''}>${state}</option>`,
      )}
    </select></label>`;
  };
  const text = (name: keyof MobileRequestView, label: string) =>
    html`<label>${label} <input name="${name}" aria-label="${label}" value="${String(request[name] ?? '')}"></label>`;
  return html`<form class="stack" method="post" action="${base}/mobile-app-request" aria-label="App request review">
    <div class="row">${stateSelect('iosStatus', 'iOS status')} ${text('iosLink', 'iOS store link')}</div>
    <div class="row">${stateSelect('androidStatus', 'Android status')} ${text('androidLink', 'Android store link')}</div>
    <div class="row">${text('customerIssue', 'Customer issue')} ${text('blockedDescription', 'Blocked reason')}</div>
    <button type="submit">Save review state</button>
  </form>`;
}

/** Codes are not per shop: any shop may redeem them, so they are listed once. */
export function discountCodesSection(codes: DiscountCodeView[]): Html {
  return html`<section class="card" id="discount-codes">
  <h2>Discount codes</h2>
  ${
    codes.length === 0
      ? html`<p class="muted">No discount codes.</p>`
      : html`<table>
    <tr><th>Code</th><th>Kind</th><th>Value</th><th>Valid</th><th>Max redemptions</th></tr>
    ${codes.map(
      (c) => html`<tr>
      <td><code>${c.code}</code></td><td>${c.kind}</td><td>${codeValue(c)}</td>
      <td>${dateText(c.startsAt)} – ${c.endsAt ? dateText(c.endsAt) : 'no end'}</td>
      <td>${c.maxRedemptions ?? 'unlimited'}</td>
    </tr>`,
    )}
  </table>`
  }
</section>`;
}

function codeValue(code: DiscountCodeView): string {
  if (code.kind === 'free_popclips_addon') return 'Popclips add-on free';
  if (code.value === null) return '—';
  // Percentage codes hold whole percents (20 is 20 %); fixed ones an amount in the plan currency.
  return code.kind === 'percentage' ? `${Number(code.value)}%` : code.value;
}

function option(value: string, label: string): Html {
  return html`<option value="${value}">${label}</option>`;
}

function priced(item: PriceOption): string {
  return `${item.name} · ${money(item.priceAmount, item.currencyCode)}`;
}

/**
 * Shopper traffic: a month of it for the Insights dashboard, or a chosen number of views added
 * now (to reach a plan's 80 % or 100 % and see the admin's notices offline), with the run's
 * progress while it runs.
 */
export function trafficSection(shop: SandboxShopState): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  const run = shop.traffic;
  const done = (result: NonNullable<NonNullable<SandboxShopState['traffic']>['result']>) =>
    result.skipped ??
    (result.views !== undefined
      ? `${result.views} views counted${result.refused ? `, ${result.refused} refused (view limit)` : ''}`
      : `${result.visits} visits, ${result.events} events, ${result.orders} orders`);
  const status = !run
    ? html`<span class="muted">Visits, plays, clicks, carts and orders through the real storefront, for Insights.</span>`
    : run.running
      ? html`<span role="status">Generating: ${run.progress.phase} ${run.progress.done} of ${run.progress.total}</span>`
      : run.error
        ? html`${badge(false, 'Failed')} <small class="muted">${run.error}</small>`
        : html`${badge(true, 'Done')} <small class="muted">${run.result ? done(run.result) : ''}</small>`;
  const busy = run?.running ? ' disabled' : '';
  return html`<h3>Shopper traffic</h3>
  <form class="row" method="post" action="${base}/traffic">
    <span>${status}</span>
    <button type="submit"${busy}>Generate a month of traffic</button>
  </form>
  <form class="row" method="post" action="${base}/views">
    <span class="inline"><label>Views to add this month <input class="field" name="views" type="number" min="1" max="${MAX_VIEWS_PER_RUN}" step="1" required value="800"></label>
    <small class="muted">One view per shopper and clip, counted now: the admin's 80 % and 100 % view notices follow the plan's limit.</small></span>
    <button type="submit"${busy}>Add views</button>
  </form>`;
}

/** A customer's data request or erasure (by their orders), and shop/redact after an uninstall. */
export function privacySection(shop: SandboxShopState): Html {
  const base = `/sandbox/shops/${encodeURIComponent(shop.domain)}`;
  return html`<h3>Privacy requests</h3>
  <form class="row" method="post" action="${base}/privacy-requests">
    <span class="inline"><input class="field" name="orders" required maxlength="500" placeholder="#1001, #1002" aria-label="The customer's orders">
    <select name="topic" aria-label="Request">${option('customers/data_request', 'Request their data')}${option(
      'customers/redact',
      'Erase their data',
    )}</select> <button type="submit">Send</button></span>
  </form>
  ${
    shop.appInstalled
      ? ''
      : html`<form class="row" method="post" action="${base}/shop-redact">
    <span>Shopify sends <code>shop/redact</code> 48 hours after an uninstall: the app deletes the shop's data.</span>
    <button type="submit">Send shop/redact</button>
  </form>`
  }`;
}

/** What the store sent the app lately, as the partner dashboard's delivery log shows it. */
export function webhooksSection(shop: SandboxShopState): Html {
  if (shop.webhooks.length === 0) return html``;
  return html`<h3>Webhooks sent</h3>
  <table>
    <tr><th>Topic</th><th>Triggered (UTC)</th><th>Answer</th></tr>
    ${shop.webhooks.map(
      (w) => html`<tr>
      <td><code>${w.topic}</code></td>
      <td>${w.triggeredAt.toISOString().replace('T', ' ').slice(0, 19)}</td>
      <td>${
        w.deliveredAt
          ? badge(true, `${w.lastStatus} after ${w.attempts} attempt${w.attempts === 1 ? '' : 's'}`)
          : html`${badge(false, w.lastStatus === null ? 'No answer' : String(w.lastStatus))}<br><small class="muted">${
              w.nextAttemptAt
                ? `retry ${w.attempts} of 8 at ${w.nextAttemptAt.toISOString().slice(11, 19)}`
                : 'given up'
            }</small>`
      }</td>
    </tr>`,
    )}
  </table>`;
}

import type { SandboxAppSubscription, SandboxUsageRecord } from '../store/store';
import { dateText, discountText, money } from '../web/format';
import { type Html, html, page } from '../web/html';
import { CSS } from '../web/styles';

/**
 * The merchant's billing page (Shopify admin: Settings › Billing › the app's charges): each app
 * charge with its recurring price and, for a usage line item, the balance used of the capped
 * amount and the usage records billed under it.
 */
export interface ChargesView {
  shopName: string;
  shopDomain: string;
  subscriptions: SandboxAppSubscription[];
  usageRecords: SandboxUsageRecord[];
}

export function renderChargesPage(view: ChargesView): string {
  const { shopName, subscriptions } = view;
  return page(
    `Billing · ${shopName}`,
    CSS,
    html`<main class="narrow">
  <p class="muted">${shopName} · Settings › Billing</p>
  <h1>App charges</h1>
  ${
    subscriptions.length === 0
      ? html`<p class="muted">No app charges yet.</p>`
      : subscriptions.map((subscription) => chargeCard(subscription, view.usageRecords))
  }
</main>`,
  );
}

function chargeCard(subscription: SandboxAppSubscription, records: SandboxUsageRecord[]): Html {
  const { usage } = subscription;
  const own = usage ? records.filter((record) => record.lineItemId === usage.lineItemId) : [];
  const discount = discountText(subscription);
  return html`<section class="card" data-charge="${subscription.id}">
    <h2>${subscription.name}</h2>
    <p>${subscription.status}${subscription.test ? ' · test charge' : ''}</p>
    <p class="price">${money(subscription.price.amount, subscription.price.currencyCode)} <small class="muted">every 30 days</small>${discount ? html` <small class="muted">(${discount})</small>` : ''}</p>
    ${
      usage
        ? html`<h3>Usage charges</h3>
    <p class="muted">${usage.terms}</p>
    <p data-usage-balance>Balance used: ${money(usage.balanceUsed, usage.cappedAmount.currencyCode)} of ${money(usage.cappedAmount.amount, usage.cappedAmount.currencyCode)} this 30-day period</p>
    ${
      own.length === 0
        ? html`<p class="muted">No usage charges yet.</p>`
        : html`<table data-usage-records>
      <tr><th>Description</th><th>Amount</th><th>Date</th></tr>
      ${own.map(
        (record) => html`<tr data-usage-record="${record.id}">
        <td>${record.description}</td>
        <td>${money(record.price.amount, record.price.currencyCode)}</td>
        <td>${dateText(record.createdAt)}</td>
      </tr>`,
      )}
    </table>`
    }`
        : ''
    }
  </section>`;
}

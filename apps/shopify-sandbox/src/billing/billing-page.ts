import type { SandboxAppSubscription } from '../store/store';
import { dateText, discountText, money } from '../web/format';
import { type Html, html, page } from '../web/html';
import { CSS } from '../web/styles';

/**
 * The sandbox's stand-in for Shopify's charge approval page: the merchant approves or declines
 * a pending app subscription here, then goes back to the app's return URL.
 */

export interface ApprovalView {
  shopName: string;
  subscription: SandboxAppSubscription;
  /** The shop's currently active charges, which approving this one replaces. */
  replaces: SandboxAppSubscription[];
}

export function renderApprovalPage({ shopName, subscription, replaces }: ApprovalView): string {
  const base = `/sandbox/billing/confirm/${subscription.numericId}`;
  return frame(
    'Approve subscription',
    html`<p class="muted">${shopName} · Popstage</p>
  <h1>Approve subscription</h1>
  ${chargeKind(subscription)}
  ${summary(subscription)}
  ${
    replaces.length > 0
      ? html`<p class="muted">Approving replaces ${replaces.map((s) => s.name).join(', ')}.</p>`
      : ''
  }
  <div class="actions">
    <form method="post" action="${base}/decline"><button type="submit">Decline</button></form>
    <form method="post" action="${base}/approve"><button type="submit" class="primary">Approve</button></form>
  </div>`,
  );
}

export function renderAlreadyDecidedPage(subscription: SandboxAppSubscription): string {
  const { status } = subscription;
  const decided =
    status === 'DECLINED'
      ? 'already declined'
      : status === 'ACTIVE'
        ? 'already approved'
        : `no longer pending (${status.toLowerCase()})`;
  return frame(
    'Subscription already decided',
    html`<h1>This charge was ${decided}</h1>
  ${summary(subscription)}
  <p class="muted">A charge can be approved or declined once. Start a new checkout from the app to change plans.</p>`,
  );
}

export function renderUnknownChargePage(): string {
  return frame(
    'Charge not found',
    html`<h1>Charge not found</h1>
  <p class="muted">This approval link does not match any charge in the sandbox store.</p>
  <p><a href="/sandbox">Back to the sandbox</a></p>`,
  );
}

/** Which kind of charge the merchant approves, as Shopify's page says it. */
function chargeKind(subscription: SandboxAppSubscription): Html {
  return subscription.test
    ? html`<p><span class="badge warn">Test charge</span> <small class="muted">No money is taken for a test charge.</small></p>`
    : html`<p><span class="badge on">Real charge</span> <small class="muted">The store is billed this amount every 30 days once approved.</small></p>`;
}

function summary(subscription: SandboxAppSubscription): Html {
  const discount = discountText(subscription);
  const cycles = subscription.discountDurationLimitInIntervals;
  return html`<section class="card">
    <h2>${subscription.name}</h2>
    <p class="price">${money(subscription.price.amount, subscription.price.currencyCode)} <small class="muted">${subscription.price.currencyCode} every 30 days</small></p>
    ${discount ? html`<p>Discount: ${discount}${cycles ? ` for ${cycles} billing cycle${cycles === 1 ? '' : 's'}` : ''}</p>` : ''}
    <dl>
      <dt>Status</dt><dd>${subscription.status}</dd>
      <dt>Created</dt><dd>${dateText(subscription.createdAt)}</dd>
      ${subscription.currentPeriodEnd ? html`<dt>Period ends</dt><dd>${dateText(subscription.currentPeriodEnd)}</dd>` : ''}
    </dl>
  </section>`;
}

function frame(title: string, body: Html): string {
  return page(title, CSS, html`<main class="narrow">${body}</main>`);
}

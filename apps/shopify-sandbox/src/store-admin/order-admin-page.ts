import { formatCurrency } from '@popstage/core/format';
import type { OperatorOrderAttribution } from '@popstage/core/operator';
import type { SandboxOrder } from '../store/cart-store';
import { fromCents } from '../store/catalogue-generator';
import { lineTotalCents } from '../storefront/storefront-cart';
import { lineItemId } from '../storefront/storefront-order-webhook';
import { type Html, html, page } from '../web/html';
import { CSS } from '../web/styles';

const KIND_TEXT = { direct: 'Direct', indirect: 'Indirect', influenced: 'Influenced' } as const;

/** The store admin's orders, newest first, each leading to its order page. */
export function ordersAdminPage(shopName: string, orders: SandboxOrder[]): string {
  const rows = orders.map(
    (order) => html`<tr>
  <td><a href="orders/${String(order.id)}">${order.name}</a></td>
  <td>${order.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</td>
  <td class="num">${formatCurrency(order.totalPrice, order.currency)}</td>
</tr>`,
  );
  return page(
    `Orders · ${shopName}`,
    `${CSS}${STYLE}`,
    html`<main class="store-admin">
<h1>Orders · ${shopName}</h1>
${
  orders.length === 0
    ? html`<p class="muted">No orders yet: a checkout in the storefront places one.</p>`
    : html`<table><thead><tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col" class="num">Total</th></tr></thead><tbody>${rows}</tbody></table>`
}
</main>`,
  );
}

/**
 * The merchant's order page: the order and, as an app's block on Shopify's order details page,
 * what Popstage credited to its Popclips (from the app's staff API). Never on the shopper's
 * confirmation page.
 */
export function orderAdminPage(
  shopName: string,
  order: SandboxOrder,
  attribution: OperatorOrderAttribution | null,
): string {
  const titles = new Map(
    order.lines.map((line, index) => [String(lineItemId(order.id, index)), line.title]),
  );
  return page(
    `Order ${order.name} · ${shopName}`,
    `${CSS}${STYLE}`,
    html`<main class="store-admin">
<p><a href="../orders">Orders</a></p>
<h1>Order ${order.name}</h1>
<p class="muted">${order.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</p>
<table><thead><tr><th scope="col">Product</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${order.lines.map(
      (line) =>
        html`<tr><td>${line.title}</td><td class="num">${line.quantity}</td><td class="num">${formatCurrency(fromCents(lineTotalCents(line)), order.currency)}</td></tr>`,
    )}</tbody></table>
<p>Total <strong>${formatCurrency(order.totalPrice, order.currency)}</strong></p>
<section class="panel" aria-labelledby="attribution-title">
  <h2 id="attribution-title">Popstage attribution</h2>
  ${attributionBody(attribution, titles)}
</section>
</main>`,
  );
}

function attributionBody(
  panel: OperatorOrderAttribution | null,
  titles: Map<string, string>,
): Html {
  if (!panel) {
    return html`<p class="muted">The app's staff API did not answer, so its credit is not shown.</p>`;
  }
  if (!panel.installed) {
    return html`<p class="muted">Popstage is not installed on this store, so no sale is credited.</p>`;
  }
  if (!panel.received) {
    return html`<p class="muted">Popstage has not recorded this order: its orders/create webhook was not processed.</p>`;
  }
  if (panel.lines.length === 0) {
    return html`<p>Popstage recorded the order; no line is credited to a Popclip.</p>`;
  }
  return html`<table class="lines">
  <thead><tr><th>Product</th><th>Credit</th><th>Popclip</th><th class="num">Revenue</th></tr></thead>
  <tbody>${panel.lines.map(
    (line) => html`<tr>
    <td>${titles.get(line.lineItemId) ?? line.productId}</td>
    <td><span class="kind" data-kind="${line.kind}">${KIND_TEXT[line.kind]}</span></td>
    <td>${line.clipTitle ?? html`<span class="muted">Deleted clip</span>`}<br><code>${line.clipId}</code></td>
    <td class="num">${formatCurrency(fromCents(line.revenueCents), line.currency)}</td>
  </tr>`,
  )}</tbody>
</table>`;
}

const STYLE = `
.store-admin{max-width:900px;margin:0 auto;padding:16px}
.store-admin table{width:100%;border-collapse:collapse;background:#fff;border-radius:12px}
.store-admin th,.store-admin td{text-align:left;padding:8px 12px;border-bottom:1px solid #e3e3e3}
.store-admin .num{text-align:right}
.store-admin .panel{background:#fff;border-radius:12px;padding:12px 16px;margin-top:16px}
`;

import { formatCurrency } from '@popstage/core/format';
import type { OperatorOrderAttribution } from '@popstage/core/operator';
import type { SandboxOrder } from '../store/cart-store';
import { fromCents } from '../store/catalogue-generator';
import { type Html, html } from '../web/html';
import { type CartView, cartTotalCents, lineTotalCents } from './storefront-cart';
import { lineItemId } from './storefront-order-webhook';

/** The sandbox store's cart page and order confirmation (the theme's cart and Shopify's thank-you page). */

const KIND_TEXT = { direct: 'Direct', indirect: 'Indirect', influenced: 'Influenced' } as const;

/** Properties whose names start with '_' are for apps, hidden from shoppers as in Shopify. */
const visibleProperties = (properties: Record<string, string>) =>
  Object.entries(properties).filter(([name]) => !name.startsWith('_'));

export function cartContent(root: string, cart: CartView, error: string | null): Html {
  const notice = error ? html`<p class="notice" role="alert">${error}</p>` : '';
  if (cart.lines.length === 0) {
    return html`<h1>Your cart</h1>${notice}
<p>Your cart is empty.</p>
<p><a class="button" href="${root}/collections/all">Continue shopping</a></p>`;
  }
  const money = (cents: number) => formatCurrency(fromCents(cents), cart.currency);
  return html`<h1>Your cart</h1>${notice}
<table class="lines">
  <thead><tr><th colspan="2">Product</th><th class="num">Price</th><th>Quantity</th><th class="num">Total</th></tr></thead>
  <tbody>${cart.lines.map(
    (line) => html`<tr>
    <td class="thumb">${line.image ? html`<img src="${line.image.url}" alt="${line.image.altText}">` : ''}</td>
    <td>${line.handle ? html`<a href="${root}/products/${line.handle}">${line.productTitle}</a>` : line.productTitle}
      ${line.variantTitle ? html`<br><span class="muted">${line.variantTitle}</span>` : ''}
      ${visibleProperties(line.properties).map(([name, value]) => html`<br><span class="muted">${name}: ${value}</span>`)}</td>
    <td class="num">${formatCurrency(line.price, cart.currency)}</td>
    <td><div class="qty"><form class="inline" method="post" action="${root}/cart/change">
      <input type="hidden" name="id" value="${line.key}">
      <input type="number" name="quantity" value="${line.quantity}" min="0" max="9999" aria-label="Quantity of ${line.title}">
      <button class="plain" type="submit">Update</button>
    </form>
    <form class="inline" method="post" action="${root}/cart/change">
      <input type="hidden" name="id" value="${line.key}"><input type="hidden" name="quantity" value="0">
      <button class="plain" type="submit" aria-label="Remove ${line.title}">Remove</button>
    </form></div></td>
    <td class="num">${money(lineTotalCents(line))}</td>
  </tr>`,
  )}</tbody>
</table>
<div class="totals">
  <p>Subtotal <strong data-testid="subtotal">${money(cartTotalCents(cart.lines))}</strong></p>
  <form method="post" action="${root}/checkout"><button type="submit">Check out</button></form>
</div>`;
}

export function orderContent(
  root: string,
  order: SandboxOrder,
  products: Map<number, { handle: string }>,
  attribution: OperatorOrderAttribution | null,
): Html {
  const titles = new Map(
    order.lines.map((line, index) => [String(lineItemId(order.id, index)), line.title]),
  );
  return html`<h1>Thank you for your order</h1>
<p class="notice ok">Order <strong>${order.name}</strong> is confirmed · ${order.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</p>
<table class="lines">
  <thead><tr><th>Product</th><th class="num">Price</th><th class="num">Quantity</th><th class="num">Total</th></tr></thead>
  <tbody>${order.lines.map((line) => {
    const handle = products.get(line.productId)?.handle;
    return html`<tr>
    <td>${handle ? html`<a href="${root}/products/${handle}">${line.title}</a>` : line.title}</td>
    <td class="num">${formatCurrency(line.price, order.currency)}</td>
    <td class="num">${line.quantity}</td>
    <td class="num">${formatCurrency(fromCents(lineTotalCents(line)), order.currency)}</td>
  </tr>`;
  })}</tbody>
</table>
<div class="totals"><p>Total <strong>${formatCurrency(order.totalPrice, order.currency)}</strong></p></div>
<section class="panel" aria-labelledby="attribution-title">
  <h2 id="attribution-title">Popstage attribution</h2>
  ${attributionBody(attribution, titles)}
</section>
<p><a class="button" href="${root}">Continue shopping</a></p>`;
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

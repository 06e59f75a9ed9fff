import { formatCurrency } from '@popstage/core/format';
import type { SandboxOrder } from '../store/cart-store';
import { fromCents } from '../store/catalogue-generator';
import { type Html, html } from '../web/html';
import { type CartView, cartTotalCents, lineTotalCents } from './storefront-cart';

/** The sandbox store's cart page and order confirmation (the theme's cart and Shopify's thank-you page). */

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

/**
 * The shopper's order confirmation: their order only. What Popstage credited (internal ids
 * included) is the merchant's, on the store admin's order page (store-admin/order-admin-page.ts).
 */
export function orderContent(
  root: string,
  order: SandboxOrder,
  products: Map<number, { handle: string }>,
): Html {
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
<p><a class="button" href="${root}">Continue shopping</a></p>`;
}

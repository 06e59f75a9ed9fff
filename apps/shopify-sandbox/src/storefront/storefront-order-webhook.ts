import type { SandboxOrder } from '../store/cart-store';
import { type CartLineView, lineTotalCents } from './storefront-cart';

/**
 * The orders/create webhook Shopify sends when an order is placed, built from a sandbox order:
 * the REST Order resource's fields that apps read (sent signed by webhooks/delivery.ts).
 * https://shopify.dev/docs/api/admin-rest/latest/resources/order
 */

export const ORDERS_CREATE_TOPIC = 'orders/create';

/** Line item ids unique across orders, as Shopify's are (a cart has at most 250 lines). */
export const lineItemId = (orderId: number, index: number): number => orderId * 1000 + index + 1;

const amount = (cents: number) => (cents / 100).toFixed(2);
const priceSet = (value: string, currency: string) => ({
  shop_money: { amount: value, currency_code: currency },
  presentment_money: { amount: value, currency_code: currency },
});
const nameValues = (record: Record<string, string>) =>
  Object.entries(record).map(([name, value]) => ({ name, value }));

export function orderCreatedPayload(
  order: SandboxOrder,
  lines: CartLineView[],
  note: string | null,
) {
  const number = Number(order.name.slice(1));
  const createdAt = order.createdAt.toISOString();
  const subtotal = amount(lines.reduce((sum, line) => sum + lineTotalCents(line), 0));
  return {
    id: order.id,
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    order_number: number,
    number: number - 1000,
    email: null,
    created_at: createdAt,
    updated_at: createdAt,
    processed_at: createdAt,
    currency: order.currency,
    presentment_currency: order.currency,
    total_price: order.totalPrice,
    total_price_set: priceSet(order.totalPrice, order.currency),
    subtotal_price: subtotal,
    subtotal_price_set: priceSet(subtotal, order.currency),
    total_line_items_price: subtotal,
    total_discounts: '0.00',
    total_tax: '0.00',
    taxes_included: false,
    financial_status: 'paid',
    fulfillment_status: null,
    confirmed: true,
    test: false,
    source_name: 'web',
    cart_token: order.cartToken,
    note,
    note_attributes: nameValues(order.attributes),
    line_items: lines.map((line, index) => {
      const id = lineItemId(order.id, index);
      return {
        id,
        admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
        product_id: line.productId,
        variant_id: line.variantId,
        title: line.productTitle,
        variant_title: line.variantTitle,
        name: line.title,
        sku: line.sku,
        vendor: line.vendor,
        quantity: line.quantity,
        fulfillable_quantity: line.quantity,
        fulfillment_status: null,
        price: line.price,
        price_set: priceSet(line.price, order.currency),
        total_discount: '0.00',
        discount_allocations: [],
        tax_lines: [],
        properties: nameValues(line.properties),
        gift_card: false,
        taxable: true,
        requires_shipping: true,
        product_exists: line.handle !== null,
        grams: 0,
      };
    }),
  };
}

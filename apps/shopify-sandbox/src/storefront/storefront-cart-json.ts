import { toCents } from '../store/catalogue-generator';
import { type CartLineView, type CartView, cartTotalCents, itemCount } from './storefront-cart';

/**
 * The JSON of Shopify's AJAX cart (cart.js and line items), so that themes' and apps' cart code,
 * the Popstage widget's included, runs against the sandbox store unchanged. Money is in cents.
 * https://shopify.dev/docs/api/ajax/reference/cart
 */

export function cartLineJson(line: CartLineView, storeRoot: string) {
  const price = toCents(line.price);
  const linePrice = price * line.quantity;
  const image = line.image
    ? { url: line.image.url, alt: line.image.altText, width: 400, height: 400, aspect_ratio: 1 }
    : null;
  return {
    id: line.variantId,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: line.variantId,
    key: line.key,
    title: line.title,
    price,
    original_price: price,
    discounted_price: price,
    line_price: linePrice,
    original_line_price: linePrice,
    final_price: price,
    final_line_price: linePrice,
    total_discount: 0,
    discounts: [],
    sku: line.sku,
    grams: 0,
    vendor: line.vendor,
    taxable: true,
    product_id: line.productId,
    product_has_only_default_variant: line.variantTitle === null,
    gift_card: false,
    url: line.handle ? `${storeRoot}/products/${line.handle}?variant=${line.variantId}` : null,
    featured_image: image,
    image: image?.url ?? null,
    handle: line.handle,
    requires_shipping: true,
    product_type: line.productType,
    product_title: line.productTitle,
    product_description: line.description,
    variant_title: line.variantTitle,
    variant_options: [line.variantTitle ?? 'Default Title'],
    options_with_values: [{ name: 'Title', value: line.variantTitle ?? 'Default Title' }],
  };
}

export function cartJson(cart: CartView, storeRoot: string) {
  const total = cartTotalCents(cart.lines);
  return {
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    total_weight: 0,
    item_count: itemCount(cart.lines),
    items: cart.lines.map((line) => cartLineJson(line, storeRoot)),
    requires_shipping: cart.lines.length > 0,
    currency: cart.currency,
    items_subtotal_price: total,
    cart_level_discount_applications: [],
  };
}

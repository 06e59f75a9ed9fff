import type { SandboxOrder } from '../store/cart-store';
import { fromCents } from '../store/catalogue-generator';
import type { SandboxCartLine } from '../store/schema';
import {
  type CartContext,
  type CartLineView,
  cartError,
  cartTotalCents,
  readCart,
  sellableVariant,
} from './storefront-cart';

/**
 * The sandbox checkout: the cart becomes the shop's next order (#1001, #1002…) at today's prices,
 * provided every line is still for sale in that quantity. No payment step: the sandbox stands in
 * for a paid Shopify checkout. Stock is not drawn down, so the demo catalogue stays as generated.
 */

export interface PlacedOrder {
  order: SandboxOrder;
  /** The order's lines in order, with product details for the webhook and the page. */
  lines: CartLineView[];
  note: string | null;
}

/** How far back a checkout may date its order (Shopify's processedAt on imported orders). */
const BACKDATE_MAX_DAYS = 90;

/**
 * The checkout's processed_at: when given, the order is dated then, as Shopify lets an order be
 * imported with a past processedAt. The traffic generator uses it to spread a month of orders.
 */
export function processedAt(value: unknown, now: Date): Date | null {
  if (value === undefined || value === '') return null;
  const at = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  const earliest = now.getTime() - BACKDATE_MAX_DAYS * 86_400_000;
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() || at.getTime() < earliest) {
    throw cartError(400, `processed_at must be a date within the last ${BACKDATE_MAX_DAYS} days.`);
  }
  return at;
}

export async function placeOrder(
  ctx: CartContext,
  placedAt: Date | null = null,
): Promise<PlacedOrder> {
  const cart = await readCart(ctx);
  if (cart.lines.length === 0 || !cart.updatedAt) throw cartError(422, 'Your cart is empty.');
  const lines: CartLineView[] = [];
  for (const line of cart.lines) {
    const wanted = cart.lines
      .filter((other) => other.variantId === line.variantId)
      .reduce((sum, other) => sum + other.quantity, 0);
    const { variant } = sellableVariant(
      await ctx.store.findVariantProduct(ctx.shop, line.variantId),
      line.variantId,
      wanted,
    );
    lines.push({ ...line, price: variant.price });
  }
  const stored: SandboxCartLine[] = lines.map((line) => ({
    variantId: line.variantId,
    productId: line.productId,
    quantity: line.quantity,
    price: line.price,
    title: line.title,
    properties: line.properties,
  }));
  const order = await ctx.store.placeOrder(
    {
      shop: ctx.shop,
      token: ctx.token,
      seenAt: cart.updatedAt,
      lines: stored,
      currency: ctx.currency,
      totalPrice: fromCents(cartTotalCents(stored)),
    },
    placedAt ?? ctx.now,
  );
  if (!order) {
    throw cartError(409, 'Your cart changed while checking out. Please review it and try again.');
  }
  return { order, lines, note: cart.note };
}

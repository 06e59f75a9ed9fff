import { z } from 'zod';
import { CLIP_LINE_PROPERTY, SHOW_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from './cart-keys';
import { amountToMinorUnits, DECIMAL_AMOUNT_PATTERN } from './minor-units';
import type { OrderInput, OrderLineInput } from './order-input';

/**
 * The part of Shopify's orders/create webhook payload (the REST Order resource) attribution uses.
 * Unknown fields pass; the fields used are checked, so a malformed order is refused whole rather
 * than credited wrongly. Amounts are in the shop's currency (`currency`), as decimal strings.
 * https://shopify.dev/docs/api/admin-rest/latest/resources/order
 */

/**
 * Shopify ids are JSON integers. One beyond 2^53 has lost digits in JSON.parse already (Shopify's
 * own sample payloads have such ids), so the exact id is then read from admin_graphql_api_id.
 */
const numericId = z.union([
  z.number().positive().refine(Number.isInteger, 'Expected an integer id'),
  z.string().regex(/^[1-9]\d{0,18}$/, 'Expected a numeric id'),
]);
const gid = z.string().max(255).optional();
const amount = z.string().trim().regex(DECIMAL_AMOUNT_PATTERN, 'Expected a decimal amount');
/** Cart attributes and line properties: only string values mean anything to us. */
const nameValue = z.looseObject({ name: z.string(), value: z.unknown() });
const nameValues = z
  .array(nameValue)
  .nullish()
  .transform((list) => list ?? []);

const shopifyLineItemSchema = z.looseObject({
  id: numericId,
  admin_graphql_api_id: gid,
  product_id: numericId.nullish(),
  variant_id: numericId.nullish(),
  quantity: z.number().int().min(0),
  price: amount,
  /** Deprecated by Shopify in favour of discount_allocations; read only when those are absent. */
  total_discount: amount.optional(),
  discount_allocations: z.array(z.looseObject({ amount })).nullish(),
  properties: nameValues,
});

export const shopifyOrderSchema = z.looseObject({
  id: numericId,
  admin_graphql_api_id: gid,
  name: z.string().trim().min(1).max(255),
  created_at: z.iso.datetime({ offset: true }),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code'),
  total_price: amount,
  test: z.boolean().optional(),
  cancelled_at: z.iso.datetime({ offset: true }).nullish(),
  note_attributes: nameValues,
  line_items: z.array(shopifyLineItemSchema),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;
type ShopifyLineItem = z.infer<typeof shopifyLineItemSchema>;

/** The id as text, exact: a number JSON could not hold falls back to the GID's digits. */
function exactId(id: number | string, graphqlId: string | undefined, what: string): string {
  if (typeof id === 'string' || Number.isSafeInteger(id)) return String(id);
  const digits = /\/(\d+)$/.exec(graphqlId ?? '')?.[1];
  if (!digits) throw new RangeError(`${what} id ${id} is too large to read exactly`);
  return digits;
}

/** Popstage keys are ids: anything empty or longer than an event id is ignored. */
function stringValue(list: { name: string; value: unknown }[], name: string): string | null {
  const value = list.find((entry) => entry.name === name)?.value;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= 128 ? trimmed : null;
}

function lineRevenue(line: ShopifyLineItem, currency: string): number {
  const gross = amountToMinorUnits(line.price, currency) * line.quantity;
  const allocations = line.discount_allocations ?? [];
  const discount =
    allocations.length > 0
      ? allocations.reduce((sum, a) => sum + amountToMinorUnits(a.amount, currency), 0)
      : amountToMinorUnits(line.total_discount ?? '0', currency);
  const revenue = Math.max(0, gross - discount);
  if (!Number.isSafeInteger(revenue)) throw new RangeError(`Line ${line.id} amount too large`);
  return revenue;
}

/** Shopify's payload → the platform-neutral order. */
export function orderInputFromShopify(order: ShopifyOrder): OrderInput {
  const { currency } = order;
  const lines: OrderLineInput[] = order.line_items.map((line) => {
    const showId = stringValue(line.properties, SHOW_LINE_PROPERTY);
    return {
      lineItemId: exactId(line.id, line.admin_graphql_api_id, 'Line item'),
      productId:
        line.product_id == null
          ? null
          : `gid://shopify/Product/${exactId(line.product_id, undefined, 'Product')}`,
      quantity: line.quantity,
      revenueCents: lineRevenue(line, currency),
      clipId: stringValue(line.properties, CLIP_LINE_PROPERTY),
      ...(showId ? { showId } : {}),
    };
  });
  return {
    orderId: exactId(order.id, order.admin_graphql_api_id, 'Order'),
    name: order.name,
    orderedAt: new Date(order.created_at),
    currency,
    totalCents: amountToMinorUnits(order.total_price, currency),
    visitorId: stringValue(order.note_attributes, VISITOR_CART_ATTRIBUTE),
    test: order.test === true,
    cancelled: order.cancelled_at != null,
    lines,
  };
}

/**
 * The payload checked and normalised in one step. Amounts too large to count and repeated line
 * item ids (each line is credited once) are issues too.
 */
export const shopifyOrderInputSchema = shopifyOrderSchema.transform((order, ctx) => {
  let input: OrderInput;
  try {
    input = orderInputFromShopify(order);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    ctx.issues.push({ code: 'custom', message: error.message, input: order });
    return z.NEVER;
  }
  const lineIds = new Set(input.lines.map((line) => line.lineItemId));
  if (lineIds.size !== input.lines.length) {
    ctx.issues.push({ code: 'custom', message: 'Line item ids repeat', input: order.line_items });
    return z.NEVER;
  }
  return input;
});

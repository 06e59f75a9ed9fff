import type { AttributionKind } from './attribution-kinds';

/** An order as attribution needs it, whichever platform it came from. Money in minor units. */
export interface OrderInput {
  /** The platform's order id (Shopify's numeric id as text). */
  orderId: string;
  /** What the merchant sees ('#1001'). */
  name: string;
  orderedAt: Date;
  /** ISO 4217 code of every amount of the order. */
  currency: string;
  totalCents: number;
  /** The Popstage visitor the cart carried, if any. */
  visitorId: string | null;
  /** A test order (Shopify's Bogus gateway or test mode): not a sale. */
  test: boolean;
  /** Cancelled already when it reached us. */
  cancelled: boolean;
  lines: OrderLineInput[];
}

export interface OrderLineInput {
  lineItemId: string;
  /** Product GID ('gid://shopify/Product/1'); null for custom items, tips and the like. */
  productId: string | null;
  quantity: number;
  /** Price × quantity less the discounts allocated to the line. */
  revenueCents: number;
  /** The clip the line was added to cart from (its line item property), if any. */
  clipId: string | null;
  /**
   * The live show (or its replay) the line was added to cart from (SHOW_LINE_PROPERTY), if any:
   * the live success fee is charged on such lines (issue 32).
   */
  showId?: string | null;
}

/** A storefront event of the ordering visitor, as far as attribution cares. */
export interface ClipInteraction {
  type: 'impression' | 'view' | 'like' | 'unlike' | 'click' | 'add_to_cart';
  /** The clip's metaIdentifier. */
  clipId: string;
  /** Product GID of clicks and add-to-carts. */
  productId: string | null;
  occurredAt: Date;
}

/** One line item of an order credited to one clip. */
export interface LineAttribution {
  lineItemId: string;
  productId: string;
  clipId: string;
  kind: AttributionKind;
  quantity: number;
  revenueCents: number;
}

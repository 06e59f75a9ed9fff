import { describe, expect, it } from 'vitest';
import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from './cart-keys';
import {
  orderInputFromShopify,
  shopifyOrderInputSchema,
  shopifyOrderSchema,
} from './shopify-order';

/** A trimmed copy of Shopify's documented orders/create example, with fields we do not use. */
function payload(overrides: Record<string, unknown> = {}) {
  return {
    // JSON.parse reads these ids of Shopify's sample with their last digits lost.
    id: Number('820982911946154508'),
    admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
    name: '#9999',
    email: 'jon@example.com',
    created_at: '2026-03-10T08:15:47-05:00',
    currency: 'USD',
    presentment_currency: 'USD',
    total_price: '403.00',
    subtotal_price: '393.00',
    test: false,
    cancelled_at: null,
    note: null,
    note_attributes: [
      { name: 'gift_wrap', value: 'yes' },
      { name: VISITOR_CART_ATTRIBUTE, value: 'v-1234abcd' },
    ],
    customer: { id: 115310627314723950, email: 'john@example.com' },
    shipping_lines: [{ price: '10.00', title: 'Generic Shipping' }],
    line_items: [
      {
        id: Number('866550311766439020'),
        admin_graphql_api_id: 'gid://shopify/LineItem/866550311766439020',
        product_id: 632910392,
        variant_id: 808950810,
        title: 'IPod Nano - 8GB',
        quantity: 1,
        price: '199.00',
        total_discount: '0.00',
        discount_allocations: [],
        properties: [{ name: CLIP_LINE_PROPERTY, value: 'clip-x' }],
        tax_lines: [],
      },
      {
        id: 141249953,
        product_id: 632910393,
        variant_id: null,
        title: 'IPod Touch',
        quantity: 2,
        price: '100.00',
        total_discount: '5.00',
        discount_allocations: [
          { amount: '5.00', discount_application_index: 0 },
          { amount: '1.00', discount_application_index: 1 },
        ],
        properties: [],
      },
    ],
    ...overrides,
  };
}

describe('shopify orders/create payload', () => {
  it('parses the documented shape and keeps unknown fields out of the way', () => {
    const parsed = shopifyOrderSchema.parse(payload());
    expect(parsed.line_items).toHaveLength(2);
  });

  it('normalises to a platform-neutral order in minor units', () => {
    const order = orderInputFromShopify(shopifyOrderSchema.parse(payload()));
    expect(order).toEqual({
      // Beyond 2^53 the JSON number lost digits: the GID keeps them.
      orderId: '820982911946154508',
      name: '#9999',
      orderedAt: new Date('2026-03-10T13:15:47Z'),
      currency: 'USD',
      totalCents: 40300,
      visitorId: 'v-1234abcd',
      test: false,
      cancelled: false,
      lines: [
        {
          lineItemId: '866550311766439020',
          productId: 'gid://shopify/Product/632910392',
          quantity: 1,
          revenueCents: 19900,
          clipId: 'clip-x',
        },
        {
          // 2 × 100.00 less the allocations (6.00); total_discount is not counted twice.
          lineItemId: '141249953',
          productId: 'gid://shopify/Product/632910393',
          quantity: 2,
          revenueCents: 19400,
          clipId: null,
        },
      ],
    });
  });

  it('falls back to total_discount without allocations, and never goes below zero', () => {
    const order = orderInputFromShopify(
      shopifyOrderSchema.parse(
        payload({
          line_items: [
            { id: 1, product_id: 2, quantity: 3, price: '10.00', total_discount: '4.50' },
            {
              id: 3,
              product_id: 4,
              quantity: 1,
              price: '1.00',
              discount_allocations: [{ amount: '2.00' }],
            },
          ],
        }),
      ),
    );
    expect(order.lines.map((line) => line.revenueCents)).toEqual([2550, 0]);
  });

  it('reads zero-decimal currencies and custom items without a product', () => {
    const order = orderInputFromShopify(
      shopifyOrderSchema.parse(
        payload({
          currency: 'JPY',
          total_price: '3300',
          line_items: [{ id: 5, product_id: null, quantity: 1, price: '3000', properties: null }],
        }),
      ),
    );
    expect(order.totalCents).toBe(3300);
    expect(order.lines[0]).toMatchObject({ productId: null, revenueCents: 3000, clipId: null });
  });

  it('marks test and cancelled orders, and ignores unusable Popstage values', () => {
    const order = orderInputFromShopify(
      shopifyOrderSchema.parse(
        payload({
          test: true,
          cancelled_at: '2026-03-10T09:00:00-05:00',
          note_attributes: [{ name: VISITOR_CART_ATTRIBUTE, value: '   ' }],
          line_items: [
            {
              id: 6,
              product_id: 7,
              quantity: 1,
              price: '1.00',
              properties: [{ name: CLIP_LINE_PROPERTY, value: 42 }],
            },
          ],
        }),
      ),
    );
    expect(order).toMatchObject({ test: true, cancelled: true, visitorId: null });
    expect(order.lines[0]?.clipId).toBeNull();
  });

  it('takes numeric ids sent as strings, and no note attributes at all', () => {
    const { note_attributes: _omitted, ...rest } = payload({ id: '5500001' });
    const order = shopifyOrderInputSchema.parse(rest);
    expect(order.orderId).toBe('5500001');
    expect(order.visitorId).toBeNull();
  });

  it.each([
    ['no id', { id: undefined }],
    ['an id too large to read without its GID', { id: 2 ** 60, admin_graphql_api_id: undefined }],
    ['a fractional id', { id: 1.5 }],
    ['an id text with leading zeros', { id: '007' }],
    ['a bad date', { created_at: 'yesterday' }],
    ['a float total', { total_price: 403 }],
    ['a negative total', { total_price: '-1.00' }],
    ['a lowercase currency', { currency: 'usd' }],
    ['no line items', { line_items: undefined }],
    [
      'a fractional quantity',
      { line_items: [{ id: 1, product_id: 2, quantity: 1.5, price: '1' }] },
    ],
    ['a line without price', { line_items: [{ id: 1, product_id: 2, quantity: 1 }] }],
    [
      'repeated line item ids',
      {
        line_items: [
          { id: 1, product_id: 2, quantity: 1, price: '1' },
          { id: '1', product_id: 3, quantity: 1, price: '1' },
        ],
      },
    ],
    [
      'an amount too large to count',
      { line_items: [{ id: 1, product_id: 2, quantity: 2_000_000_000, price: '999999999' }] },
    ],
  ])('refuses %s', (_label, override) => {
    expect(shopifyOrderInputSchema.safeParse(payload(override)).success).toBe(false);
  });
});

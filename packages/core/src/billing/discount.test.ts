import { describe, expect, it } from 'vitest';
import type { DiscountCode } from './catalogue';
import { discountCodeStatus, type PricedLine, priceOrder, toDiscountCodeInfo } from './discount';
import { normaliseDiscountCode } from './discount-code';

const common = {
  description: '',
  appliesTo: ['popclips', 'mobile', 'live'] as DiscountCode['appliesTo'],
  startsAt: '2025-01-01T00:00:00.000Z',
  endsAt: null,
  maxRedemptions: null,
};
const percent20: DiscountCode = { ...common, code: 'WELCOME20', kind: 'percentage', value: 20 };
const save10: DiscountCode = { ...common, code: 'SAVE10', kind: 'fixed_amount', value: '10.00' };
const popFree: DiscountCode = {
  ...common,
  code: 'POPFREE',
  kind: 'free_popclips_addon',
  value: null,
  appliesTo: ['popclips', 'mobile'],
};

const base: PricedLine = { id: 'bundle', featureId: null, amount: '0.00' };
const popclips: PricedLine = { id: 'addon-popclips-basic', featureId: 'popclips', amount: '29.99' };
const mobile: PricedLine = { id: 'addon-mobile-pro', featureId: 'mobile', amount: '79.99' };
const live: PricedLine = { id: 'addon-live-basic', featureId: 'live', amount: '49.99' };

describe('normaliseDiscountCode', () => {
  it('trims and upper-cases; blank is no code', () => {
    expect(normaliseDiscountCode('  welcome20 ')).toBe('WELCOME20');
    expect(normaliseDiscountCode('   ')).toBeNull();
    expect(normaliseDiscountCode(null)).toBeNull();
    expect(normaliseDiscountCode(undefined)).toBeNull();
  });
});

describe('discountCodeStatus', () => {
  const window = { ...common, endsAt: '2025-02-01T00:00:00.000Z', maxRedemptions: 1 };

  it('follows the validity window and the redemption cap', () => {
    expect(discountCodeStatus(window, new Date('2024-12-31T23:59:59Z'), 0)).toBe('not_started');
    expect(discountCodeStatus(window, new Date('2025-01-01T00:00:00Z'), 0)).toBe('active');
    expect(discountCodeStatus(window, new Date('2025-02-01T00:00:00Z'), 0)).toBe('expired');
    expect(discountCodeStatus(window, new Date('2025-01-15T00:00:00Z'), 1)).toBe('exhausted');
    expect(discountCodeStatus(common, new Date('2030-01-01T00:00:00Z'), 1_000)).toBe('active');
  });

  it('describes a code for the API', () => {
    expect(toDiscountCodeInfo(popFree)).toEqual({
      code: 'POPFREE',
      kind: 'free_popclips_addon',
      appliesTo: ['popclips', 'mobile'],
      freePopclipsAddon: true,
    });
    expect(toDiscountCodeInfo(percent20).freePopclipsAddon).toBe(false);
  });
});

describe('priceOrder', () => {
  it('sums the lines without a code', () => {
    const order = priceOrder([base, popclips, mobile], null);
    expect(order).toMatchObject({
      subtotal: '109.98',
      discount: '0.00',
      total: '109.98',
      discountPercentage: null,
      applied: false,
    });
    expect(order.lines[1]).toEqual({ ...popclips, listAmount: '29.99' });
  });

  it('takes a percentage of the eligible lines, rounded to the cent', () => {
    const order = priceOrder([base, popclips, mobile], percent20);
    // 20% of 109.98 = 21.996 → 22.00
    expect(order).toMatchObject({ discount: '22.00', total: '87.98', discountPercentage: 0.2 });
    const liveOnly = { ...percent20, appliesTo: ['live'] } as DiscountCode;
    expect(priceOrder([popclips, live], liveOnly)).toMatchObject({ discount: '10.00' });
  });

  it('takes a fixed amount, never below zero', () => {
    expect(priceOrder([popclips], save10)).toMatchObject({ discount: '10.00', total: '19.99' });
    const cheap: PricedLine = { ...popclips, amount: '4.50' };
    expect(priceOrder([cheap], save10)).toMatchObject({ discount: '4.50', total: '0.00' });
  });

  it('makes the popclips add-on free with popclips and/or mobile selected', () => {
    const order = priceOrder([base, popclips, mobile], popFree);
    expect(order).toMatchObject({ subtotal: '109.98', discount: '29.99', total: '79.99' });
    expect(order.lines.find((line) => line.id === popclips.id)).toMatchObject({
      amount: '0.00',
      listAmount: '29.99',
    });
    expect(order.lines.find((line) => line.id === mobile.id)?.amount).toBe('79.99');
    expect(priceOrder([popclips], popFree).total).toBe('0.00');
  });

  it('does not apply a code that reduces nothing', () => {
    expect(priceOrder([live], popFree)).toMatchObject({ applied: false, total: '49.99' });
    expect(priceOrder([mobile], popFree)).toMatchObject({ applied: false, discount: '0.00' });
    expect(priceOrder([base], percent20)).toMatchObject({
      applied: false,
      discountPercentage: null,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURE_IDS } from '../shop/types';
import type { DiscountCode } from './catalogue';
import { amountToCents, centsToAmount, compareAmounts, sumAmounts } from './cents';
import { BILLING_INTERVAL_DAYS } from './constants';
import { discountCodeStatus, type PricedLine, priceOrder } from './discount';
import { prorateUpgrade, remainingCycleDays } from './proration';

/**
 * Properties of the money rules: amounts survive the trip through cents, a proration never
 * charges more than the new price nor below zero and gives back more the more days are left, a
 * discount never takes more than the lines it applies to, and a code's window is startsAt
 * inclusive, endsAt exclusive.
 */
const DAY_MS = 86_400_000;
/** Prices up to a million dollars, in cents. */
const cents = fc.integer({ min: 0, max: 100_000_000 });
const amount = cents.map(centsToAmount);
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('cents', () => {
  it('round-trips every amount and adds like integers', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 20 }), (value, values) => {
        expect(amountToCents(centsToAmount(value))).toBe(value);
        expect(centsToAmount(-value)).toBe(value === 0 ? '0.00' : `-${centsToAmount(value)}`);
        expect(amountToCents(sumAmounts(values.map(centsToAmount)))).toBe(
          values.reduce((a, b) => a + b, 0),
        );
      }),
    );
  });

  it('reads one or two decimals as written and orders amounts as their cents', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(99), cents, cents, (units, fraction, a, b) => {
        expect(amountToCents(`${units}.${String(fraction).padStart(2, '0')}`)).toBe(
          units * 100 + fraction,
        );
        expect(amountToCents(`${units}.${fraction % 10}`)).toBe(units * 100 + (fraction % 10) * 10);
        expect(compareAmounts(centsToAmount(a), centsToAmount(b))).toBe(Math.sign(a - b));
      }),
    );
  });
});

describe('proration', () => {
  const upgrade = fc.record({
    current: amount,
    next: amount,
    now: instant,
    /** The current cycle's end relative to now: up to 40 days either side. */
    endIn: fc.integer({ min: -40 * DAY_MS, max: 40 * DAY_MS }),
  });

  it('charges between zero and the new price, the new price when no day is left', () => {
    fc.assert(
      fc.property(upgrade, ({ current, next, now, endIn }) => {
        const end = new Date(now + endIn).toISOString();
        const days = remainingCycleDays(end, new Date(now));
        expect(Number.isInteger(days)).toBe(true);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(BILLING_INTERVAL_DAYS);
        const quote = prorateUpgrade({
          currentPlanPrice: current,
          newPlanPrice: next,
          currentPeriodEnd: end,
          now: new Date(now),
        });
        const charged = amountToCents(quote.adjustmentAmount);
        expect(charged).toBeGreaterThanOrEqual(0);
        expect(charged).toBeLessThanOrEqual(amountToCents(next));
        if (days === 0) expect(charged).toBe(amountToCents(next));
        // The credit is the unused share of the current price, to the cent.
        const credit = amountToCents(next) - charged;
        expect(credit).toBeLessThanOrEqual(amountToCents(current));
        expect(Date.parse(quote.nextBillingDate) - now).toBe(BILLING_INTERVAL_DAYS * DAY_MS);
      }),
    );
  });

  it('charges no more later in the cycle than earlier (more days left, more credit)', () => {
    fc.assert(
      fc.property(upgrade, fc.integer({ min: 0, max: 40 * DAY_MS }), (u, later) => {
        const end = new Date(u.now + u.endIn).toISOString();
        const quote = (at: number) =>
          amountToCents(
            prorateUpgrade({
              currentPlanPrice: u.current,
              newPlanPrice: u.next,
              currentPeriodEnd: end,
              now: new Date(at),
            }).adjustmentAmount,
          );
        expect(remainingCycleDays(end, new Date(u.now + later))).toBeLessThanOrEqual(
          remainingCycleDays(end, new Date(u.now)),
        );
        expect(quote(u.now)).toBeLessThanOrEqual(quote(u.now + later));
      }),
    );
  });
});

describe('discounts', () => {
  const line = fc.record({
    id: fc.uuid(),
    featureId: fc.constantFrom(null, ...FEATURE_IDS),
    amount,
  });
  const common = {
    code: 'X',
    description: '',
    startsAt: '2020-01-01T00:00:00Z',
    endsAt: null,
    maxRedemptions: null,
  };
  const code: fc.Arbitrary<DiscountCode> = fc.oneof(
    fc.record({
      ...Object.fromEntries(Object.entries(common).map(([k, v]) => [k, fc.constant(v)])),
      appliesTo: fc.subarray([...FEATURE_IDS], { minLength: 1 }),
      kind: fc.constant('percentage' as const),
      value: fc.integer({ min: 1, max: 100 }),
    }) as fc.Arbitrary<DiscountCode>,
    fc.record({
      ...Object.fromEntries(Object.entries(common).map(([k, v]) => [k, fc.constant(v)])),
      appliesTo: fc.subarray([...FEATURE_IDS], { minLength: 1 }),
      kind: fc.constant('fixed_amount' as const),
      value: amount,
    }) as fc.Arbitrary<DiscountCode>,
    fc.record({
      ...Object.fromEntries(Object.entries(common).map(([k, v]) => [k, fc.constant(v)])),
      appliesTo: fc.subarray([...FEATURE_IDS], { minLength: 1 }),
      kind: fc.constant('free_popclips_addon' as const),
      value: fc.constant(null),
    }) as fc.Arbitrary<DiscountCode>,
  );
  const cost = (lines: readonly PricedLine[]) =>
    lines.reduce((sum, l) => sum + amountToCents(l.amount), 0);

  it('takes at most what the eligible lines cost, keeps total = subtotal − discount ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.option(code, { nil: null }),
        (lines, discount) => {
          const order = priceOrder(lines, discount);
          const subtotal = amountToCents(order.subtotal);
          const off = amountToCents(order.discount);
          expect(subtotal).toBe(cost(lines));
          expect(amountToCents(order.total)).toBe(subtotal - off);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(order.applied).toBe(off > 0);
          const eligible = lines.filter(
            (l) => l.featureId !== null && discount?.appliesTo.includes(l.featureId),
          );
          if (discount?.kind === 'free_popclips_addon') {
            // The popclips lines are free, and the lines still add up to the total.
            expect(off).toBe(
              eligible.length ? cost(lines.filter((l) => l.featureId === 'popclips')) : 0,
            );
            expect(order.lines.reduce((s, l) => s + amountToCents(l.amount), 0)).toBe(
              subtotal - off,
            );
          } else {
            expect(off).toBeLessThanOrEqual(cost(eligible));
          }
          if (discount?.kind === 'percentage') {
            expect(Math.abs(off * 100 - cost(eligible) * discount.value)).toBeLessThanOrEqual(50);
            expect(order.discountPercentage).toBe(order.applied ? discount.value / 100 : null);
          }
          if (discount === null) expect(order.applied).toBe(false);
        },
      ),
    );
  });

  it('is active from startsAt (included) to endsAt (excluded) while redemptions remain', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 100 * DAY_MS }),
        fc.option(fc.integer({ min: 1, max: 100 * DAY_MS }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.nat(6),
        fc.integer({ min: -DAY_MS, max: 200 * DAY_MS }),
        (start, _, length, max, used, at) => {
          const window = {
            startsAt: new Date(start).toISOString(),
            endsAt: length === null ? null : new Date(start + length).toISOString(),
            maxRedemptions: max,
          };
          const status = discountCodeStatus(window, new Date(start + at), used);
          const expected =
            at < 0
              ? 'not_started'
              : length !== null && at >= length
                ? 'expired'
                : max !== null && used >= max
                  ? 'exhausted'
                  : 'active';
          expect(status).toBe(expected);
        },
      ),
    );
  });
});

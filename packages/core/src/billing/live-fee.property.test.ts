import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToMinorUnits } from '../analytics/minor-units';
import { LIVE_SUCCESS_FEE_PERCENT } from './constants';
import {
  isWellFormedShowId,
  LIVE_FEE_TERMS,
  liveFeeIdempotencyKey,
  liveFeeMinorUnits,
  liveFeeOfOrder,
  minorUnitsToAmount,
} from './live-fee';

const revenue = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('the live success fee', () => {
  it('is 5 % of the revenue rounded down to the minor unit: never above 5 %, less than a unit below', () => {
    fc.assert(
      fc.property(revenue, (cents) => {
        const fee = BigInt(liveFeeMinorUnits(cents));
        const exact = BigInt(cents) * BigInt(LIVE_SUCCESS_FEE_PERCENT);
        expect(fee * 100n <= exact).toBe(true);
        expect((fee + 1n) * 100n > exact).toBe(true);
      }),
    );
  });

  it('is an integer, and grows with the revenue', () => {
    fc.assert(
      fc.property(revenue, revenue, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(Number.isSafeInteger(liveFeeMinorUnits(low))).toBe(true);
        expect(liveFeeMinorUnits(low)).toBeLessThanOrEqual(liveFeeMinorUnits(high));
      }),
    );
  });

  it('knows its edges: 19 cents is no fee, 20 cents is one, 19.99 is 0.99', () => {
    expect(liveFeeMinorUnits(0)).toBe(0);
    expect(liveFeeMinorUnits(19)).toBe(0);
    expect(liveFeeMinorUnits(20)).toBe(1);
    expect(liveFeeMinorUnits(1999)).toBe(99);
    expect(liveFeeMinorUnits(100_000)).toBe(5000);
    expect(() => liveFeeMinorUnits(-1)).toThrow(RangeError);
    expect(() => liveFeeMinorUnits(0.5)).toThrow(RangeError);
    expect(LIVE_FEE_TERMS).toBe('5% of sales from live shows and replays');
  });

  it("is rounded once over the order's live lines, so splitting lines never lowers it", () => {
    const line = fc.record({
      showId: fc.constantFrom('show-1', 'show_2', null, '', '<b>x</b>', 'a b'),
      revenueMinorUnits: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const fee = liveFeeOfOrder(lines);
        const live = lines.filter((l) => l.showId === 'show-1' || l.showId === 'show_2');
        if (live.length === 0) {
          expect(fee).toBeNull();
          return;
        }
        const sum = live.reduce((total, l) => total + l.revenueMinorUnits, 0);
        expect(fee).toEqual({
          showId: live[0]?.showId,
          revenueMinorUnits: sum,
          feeMinorUnits: liveFeeMinorUnits(sum),
        });
        const perLine = live.reduce(
          (total, l) => total + liveFeeMinorUnits(l.revenueMinorUnits),
          0,
        );
        expect(fee?.feeMinorUnits).toBeGreaterThanOrEqual(perLine);
      }),
    );
  });

  it('writes minor units back as the amount they were read from, per currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 14 }),
        fc.constantFrom('USD', 'EUR', 'JPY', 'KWD'),
        (units, currency) => {
          const amount = minorUnitsToAmount(units, currency);
          expect(amountToMinorUnits(amount, currency)).toBe(units);
        },
      ),
    );
    expect(minorUnitsToAmount(5, 'USD')).toBe('0.05');
    expect(minorUnitsToAmount(1000, 'JPY')).toBe('1000');
    expect(minorUnitsToAmount(1234, 'KWD')).toBe('1.234');
  });

  it('takes only ids shaped like show ids from a line property', () => {
    for (const good of ['show-1', 'a', 'A_b-9', 'x'.repeat(64)]) {
      expect(isWellFormedShowId(good)).toBe(true);
    }
    for (const bad of [
      '',
      ' ',
      'x'.repeat(65),
      'a/b',
      '../x',
      'a b',
      '<script>',
      null,
      undefined,
    ]) {
      expect(isWellFormedShowId(bad)).toBe(false);
    }
  });

  it('has one stable idempotency key per shop and order', () => {
    expect(liveFeeIdempotencyKey('s1', '1001')).toBe(liveFeeIdempotencyKey('s1', '1001'));
    expect(liveFeeIdempotencyKey('s1', '1001')).not.toBe(liveFeeIdempotencyKey('s2', '1001'));
    expect(liveFeeIdempotencyKey('s1', '1001')).not.toBe(liveFeeIdempotencyKey('s1', '1002'));
  });
});

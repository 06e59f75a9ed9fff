import { describe, expect, it } from 'vitest';
import {
  amountAtLeast,
  amountToCents,
  centsToAmount,
  compareAmounts,
  isAmount,
  isZeroAmount,
  normaliseAmount,
  sumAmounts,
} from './cents';

describe('amount ↔ cents', () => {
  it.each([
    ['29.99', 2999],
    ['30', 3000],
    ['0.5', 50],
    [' 148.00 ', 14800],
    ['0', 0],
  ])('%s is %i cents', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it.each(['', '-1', '1.999', '1,000.00', 'abc', '1.'])('rejects %j', (amount) => {
    expect(isAmount(amount)).toBe(false);
    expect(() => amountToCents(amount)).toThrow(RangeError);
  });

  it('formats cents with two decimals, signs and rounding', () => {
    expect(centsToAmount(2999)).toBe('29.99');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(-150)).toBe('-1.50');
    expect(centsToAmount(1234.6)).toBe('12.35');
  });

  it('normalises, compares and sums without floats', () => {
    expect(normaliseAmount('30')).toBe('30.00');
    expect(compareAmounts('29.99', '30')).toBe(-1);
    expect(compareAmounts('30.00', '30')).toBe(0);
    expect(compareAmounts('149.99', '29.99')).toBe(1);
    expect(amountAtLeast('29.99', '29.99')).toBe(true);
    expect(amountAtLeast('29.98', '29.99')).toBe(false);
    expect(isZeroAmount('0.00')).toBe(true);
    expect(isZeroAmount('0.01')).toBe(false);
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts([])).toBe('0.00');
  });
});

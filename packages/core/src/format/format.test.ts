import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';
import { formatCurrency, formatMonthlyPrice, formatPrice } from './money';
import { formatCompactNumber, formatCount, formatNumber } from './numbers';

describe('money', () => {
  it('shows zero as Free and others with the currency', () => {
    expect(formatPrice('0.00')).toBe('Free');
    expect(formatPrice('29.99')).toBe('$29.99');
    expect(formatPrice('29.99', 'EUR')).toBe('€29.99');
    expect(formatMonthlyPrice('0')).toBe('Free');
    expect(formatMonthlyPrice('29.99')).toBe('$29.99/month');
    expect(formatMonthlyPrice('1234.5', 'CAD')).toBe('CA$1,234.50/month');
  });

  it('keeps zero as an amount where Free would read oddly', () => {
    expect(formatCurrency('0.00')).toBe('$0.00');
    expect(formatCurrency('10')).toBe('$10.00');
  });
});

describe('numbers', () => {
  it('groups thousands', () => {
    expect(formatNumber(15000)).toBe('15,000');
    expect(formatNumber(9999999)).toBe('9,999,999');
    expect(formatNumber(12.5)).toBe('12.5');
  });

  it.each([
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [15000, '15K'],
    [2000000, '2M'],
    [1234567, '1.2M'],
    [3200000000, '3.2B'],
    [1000000000000, '1T'],
    [-1500, '-1.5K'],
    [0, '0'],
  ])('abbreviates %i as %s', (value, text) => {
    expect(formatCompactNumber(value)).toBe(text);
  });
});

describe('dates', () => {
  it('formats ISO dates in UTC by default', () => {
    expect(formatDate('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDate('2026-11-20T23:30:00.000Z')).toBe('Nov 20, 2026');
    expect(formatDate(new Date('2026-11-20T00:00:00.000Z'))).toBe('Nov 20, 2026');
  });

  it('uses a given time zone', () => {
    expect(formatDate('2026-11-20T23:30:00.000Z', 'Asia/Tokyo')).toBe('Nov 21, 2026');
  });

  it('gives nothing for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('');
  });
});

describe('counts with their noun (one plural rule for admin and storefront)', () => {
  it('says 1 view, 0 views, 2 views, 1.5K views', () => {
    expect(formatCount(1, 'view')).toBe('1 view');
    expect(formatCount(0, 'view')).toBe('0 views');
    expect(formatCount(2, 'view')).toBe('2 views');
    expect(formatCount(1500, 'like')).toBe('1.5K likes');
  });
});

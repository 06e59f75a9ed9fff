import { describe, expect, it } from 'vitest';
import { attributionWindowsFor } from './attribution-windows';
import { toCsv } from './csv';
import { monthBefore, nextMonth } from './figures';
import { type HoldoutGroup, holdoutEstimate, inHoldout } from './holdout';

/** Edges of the Insights rules the mutation run found untested. */
describe('attribution windows by choice', () => {
  it('gives clicks the chosen days and a view at most 24 hours', () => {
    expect(attributionWindowsFor(1)).toEqual({
      directHours: 24,
      indirectHours: 24,
      influencedHours: 24,
    });
    expect(attributionWindowsFor(30)).toEqual({
      directHours: 720,
      indirectHours: 720,
      influencedHours: 24,
    });
  });
});

describe('CSV cells', () => {
  const csv = (value: string | number | null | undefined) =>
    toCsv([{ header: 'h', value: () => value }], [null]).split('\r\n')[1];

  it('writes nothing for a missing value and keeps numbers, negatives included, as they are', () => {
    expect(csv(null)).toBe('');
    expect(csv(undefined)).toBe('');
    expect(csv(0)).toBe('0');
    expect(csv(-12.5)).toBe('-12.5');
  });

  it('defuses text a spreadsheet would run as a formula, tabs and returns too', () => {
    expect(csv('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csv('@cmd')).toBe("'@cmd");
    expect(csv('\tx')).toBe("'\tx");
    expect(csv('a=b')).toBe('a=b');
  });
});

describe('months', () => {
  it('steps to the first of the next month, across a year', () => {
    expect(nextMonth('2026-01-31')).toBe('2026-02-01');
    expect(nextMonth('2026-09-15')).toBe('2026-10-01');
    expect(nextMonth('2026-12-31')).toBe('2027-01-01');
  });

  it('goes back a month to the same day, clamped to the last day', () => {
    expect(monthBefore('2026-03-31')).toBe('2026-02-28');
    expect(monthBefore('2026-03-28')).toBe('2026-02-28');
    expect(monthBefore('2026-01-15')).toBe('2025-12-15');
    expect(monthBefore('2024-03-29')).toBe('2024-02-29');
    expect(monthBefore('2026-11-05')).toBe('2026-10-05');
  });
});

describe('holdout groups', () => {
  it('holds out nobody at 0 %, and at most 20 % however much is asked', () => {
    const ids = Array.from({ length: 4000 }, (_, i) => `visitor-${i}`);
    expect(ids.filter((id) => inHoldout(id, 0))).toEqual([]);
    expect(ids.filter((id) => inHoldout(id, -5))).toEqual([]);
    const at20 = ids.filter((id) => inHoldout(id, 20)).length;
    expect(ids.filter((id) => inHoldout(id, 100)).length).toBe(at20);
    expect(at20 / ids.length).toBeGreaterThan(0.17);
    expect(at20 / ids.length).toBeLessThan(0.23);
    // A visitor held out at 5 % stays held out at 10 % (the buckets nest).
    for (const id of ids.filter((v) => inHoldout(v, 5))) expect(inHoldout(id, 10)).toBe(true);
    // Every character of the id counts.
    expect(ids.map((id) => inHoldout(`${id}x`, 20))).not.toEqual(
      ids.map((id) => inHoldout(id, 20)),
    );
  });

  const group = (
    visitors: number,
    orders: number,
    revenue: number,
    squares: number,
  ): HoldoutGroup => ({
    visitors,
    orders,
    revenue,
    revenueSquares: squares,
  });

  it('needs 200 visitors in each group and 10 orders in all', () => {
    expect(holdoutEstimate(group(199, 20, 100, 100), group(500, 20, 100, 100))).toEqual({
      enough: false,
      visitors: 199,
      orders: 20,
    });
    expect(holdoutEstimate(group(300, 5, 100, 100), group(200, 4, 100, 100))).toEqual({
      enough: false,
      visitors: 200,
      orders: 4,
    });
    expect(holdoutEstimate(group(200, 5, 1000, 200_000), group(200, 5, 500, 50_000)).enough).toBe(
      true,
    );
  });

  it('estimates the difference per visitor with a Welch interval', () => {
    // Exposed: 10 buyers of 1,000 among 400; held out: 5 buyers of 1,000 among 400.
    const result = holdoutEstimate(
      group(400, 10, 10_000, 10 * 1000 ** 2),
      group(400, 5, 5_000, 5 * 1000 ** 2),
    );
    if (!result.enough) throw new Error('expected an estimate');
    expect(result.exposedPerVisitor).toBe(25);
    expect(result.holdoutPerVisitor).toBe(12.5);
    expect(result.incrementalPerVisitor).toBe(12.5);
    const varExposed = (10 * 1000 ** 2 - 400 * 25 ** 2) / 399;
    const varHoldout = (5 * 1000 ** 2 - 400 * 12.5 ** 2) / 399;
    const se = Math.sqrt(varExposed / 400 + varHoldout / 400);
    expect(result.low).toBeCloseTo(12.5 - 1.96 * se, 9);
    expect(result.high).toBeCloseTo(12.5 + 1.96 * se, 9);
  });
});

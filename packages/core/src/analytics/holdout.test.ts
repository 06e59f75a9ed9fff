import { describe, expect, it } from 'vitest';
import { holdoutEstimate, inHoldout } from './holdout';

describe('holdout', () => {
  it('holds out about the chosen share of visitors, always the same ones', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `visitor-${i}`);
    const held = ids.filter((id) => inHoldout(id, 10)).length / ids.length;
    expect(held).toBeGreaterThan(0.09);
    expect(held).toBeLessThan(0.11);
    expect(ids.filter((id) => inHoldout(id, 0))).toEqual([]);
    expect(inHoldout('visitor-7', 10)).toBe(inHoldout('visitor-7', 10));
    // Never more than 20 %.
    expect(ids.filter((id) => inHoldout(id, 90)).length / ids.length).toBeLessThan(0.21);
  });

  it('says when there is not enough data yet', () => {
    const small = { visitors: 50, orders: 2, revenue: 5000, revenueSquares: 12_500_000 };
    expect(holdoutEstimate(small, small)).toEqual({ enough: false, visitors: 50, orders: 2 });
  });

  it('estimates the incremental revenue per visitor with a 95 % interval', () => {
    // Exposed: 1,000 visitors, 50 bought 4,000 each; held out: 1,000 visitors, 30 bought 4,000.
    const group = (buyers: number) => ({
      visitors: 1000,
      orders: buyers,
      revenue: buyers * 4000,
      revenueSquares: buyers * 4000 ** 2,
    });
    const result = holdoutEstimate(group(50), group(30));
    if (!result.enough) throw new Error('expected an estimate');
    expect(result.incrementalPerVisitor).toBe(80);
    expect(result.exposedPerVisitor).toBe(200);
    expect(result.holdoutPerVisitor).toBe(120);
    expect(result.low).toBeLessThan(80);
    expect(result.high).toBeGreaterThan(80);
    // se = sqrt(p1(1-p1)/n1 + p2(1-p2)/n2) × 4000 (approximately, with n-1).
    expect(result.high - result.low).toBeCloseTo(
      2 * 1.96 * 4000 * Math.sqrt((0.05 * 0.95) / 1000 + (0.03 * 0.97) / 1000),
      -1,
    );
  });
});

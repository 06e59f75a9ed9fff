import { describe, expect, it } from 'vitest';
import { emptyFigures, type Figures, monthBefore, monthlyItems, weeklyItems } from './figures';

const day = (f: Partial<Figures>): Figures => ({ ...emptyFigures(), ...f });

describe('weekly and monthly items', () => {
  it('cuts ISO weeks at the range and compares with the same weekdays of the week before', () => {
    const days = new Map([
      ['2026-11-16', day({ views: 10, clicks: 2, orders: 1, directCents: 1000 })],
      [
        '2026-11-23',
        day({ views: 20, clicks: 5, orders: 2, directCents: 1500, indirectCents: 500 }),
      ],
      ['2026-11-29', day({ views: 1 })],
      ['2026-11-30', day({ views: 4, clicks: 1 })],
    ]);
    const items = weeklyItems(days, '2026-11-23', '2026-11-30', 'USD');
    expect(items.map((w) => [w.week_no, w.from, w.to, w.views])).toEqual([
      [49, '2026-11-30', '2026-11-30', 4],
      [48, '2026-11-23', '2026-11-29', 21],
    ]);
    expect(items[1]).toMatchObject({
      clicks: 5,
      orders: 2,
      sales: '20.00',
      click_rate_percentage: 23.8,
      conversion_percentage: 40,
      views_change_percentage: 110,
      sales_change_percentage: 100,
    });
    // Week 49's Monday compared with week 48's Monday (20 views).
    expect(items[0]?.views_change_percentage).toBe(-80);
  });

  it('splits months by kind and clamps the month before', () => {
    const days = new Map([
      ['2026-10-31', day({ orders: 1, directCents: 100 })],
      [
        '2026-11-02',
        day({ orders: 3, directCents: 300, indirectCents: 100, influencedCents: 100 }),
      ],
    ]);
    const [november, october] = monthlyItems(days, '2026-10-15', '2026-11-30', 'USD');
    expect(november).toMatchObject({
      month_no: 11,
      month_and_year: 'November 2026',
      orders: 3,
      sales: '5.00',
      direct_sales: '3.00',
      direct_percentage: 60,
      indirect_percentage: 20,
      influenced_percentage: 20,
      sales_change_percentage: 400,
    });
    expect(october).toMatchObject({ from: '2026-10-15', to: '2026-10-31', sales: '1.00' });
    expect(monthBefore('2026-03-31')).toBe('2026-02-28');
    expect(monthBefore('2026-01-15')).toBe('2025-12-15');
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarMonth,
  changePercent,
  daysInRange,
  isoWeek,
  localDay,
  previousPeriod,
  sharePercent,
} from './periods';

describe('Insights periods', () => {
  it('reads the day of an instant in the shop time zone', () => {
    const instant = new Date('2026-03-01T04:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-03-01');
    expect(localDay(instant, 'America/New_York')).toBe('2026-02-28');
    expect(localDay(new Date('2026-02-28T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-01');
    expect(localDay(new Date('2026-02-28T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-02-28');
  });

  it('follows ISO weeks across year ends', () => {
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1, start: '2025-12-29' });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53, start: '2026-12-28' });
    expect(isoWeek('2026-11-25')).toEqual({ year: 2026, week: 48, start: '2026-11-23' });
    expect(isoWeek('2026-11-29').week).toBe(48);
    expect(isoWeek('2026-11-30').week).toBe(49);
  });

  it('names calendar months and compares periods', () => {
    expect(calendarMonth('2026-11-25')).toEqual({
      year: 2026,
      month: 11,
      label: 'November 2026',
      start: '2026-11-01',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    });
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(5, 0)).toBeNull();
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(1, 0)).toBe(0);
  });
});

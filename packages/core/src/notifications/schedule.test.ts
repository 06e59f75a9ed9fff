import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from './messages';
import {
  localDateTime,
  pickedSchedule,
  scheduleError,
  scheduleWindow,
  timeSlots,
  zonedInstant,
} from './schedule';

const NY = 'America/New_York';

describe('schedule rules in the shop time zone', () => {
  it('converts a day and time of the shop clock to the instant, across daylight saving', () => {
    expect(zonedInstant('2026-07-01', '09:00', NY).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedInstant('2026-01-15', '09:00', NY).toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedInstant('2026-01-15', '09:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-01-15T03:30:00.000Z',
    );
    // 02:30 does not exist on 2026-03-08 in New York: it lands in the hour after the jump.
    expect(zonedInstant('2026-03-08', '03:30', NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localDateTime(new Date('2026-07-01T03:59:00Z'), NY)).toEqual({
      day: '2026-06-30',
      time: '23:59',
    });
  });

  // Counterexamples fast-check found (schedule.property.test.ts): east of UTC, the hours before a
  // daylight-saving start were named an hour early; a skipped time landed before the jump.
  it('names the hours before a daylight-saving start in their own offset, east of UTC', () => {
    expect(zonedInstant('2039-09-24', '14:00', 'Pacific/Chatham').toISOString()).toBe(
      '2039-09-24T01:15:00.000Z',
    );
    expect(zonedInstant('2026-09-26', '18:00', 'Pacific/Auckland').toISOString()).toBe(
      '2026-09-26T06:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
  });

  it('lands a time skipped by the jump after it, and a repeated one at its first occurrence', () => {
    expect(zonedInstant('2026-03-08', '02:30', NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localDateTime(zonedInstant('2026-03-08', '02:30', NY), NY).time).toBe('03:30');
    expect(zonedInstant('2026-11-01', '01:30', NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2003-10-26', '00:01', 'America/St_Johns').toISOString()).toBe(
      '2003-10-26T03:31:00.000Z',
    );
  });

  it('offers yesterday to one month ahead of the shop day, not the UTC day', () => {
    // 02:00 UTC on 1 March is still 28 February in New York.
    const now = new Date('2026-03-01T02:00:00Z');
    expect(scheduleWindow(now, NY)).toEqual({ first: '2026-02-27', last: '2026-03-28' });
    expect(scheduleWindow(now, 'UTC')).toEqual({ first: '2026-02-28', last: '2026-04-01' });
    // 31 January plus a month is the last day of February.
    expect(scheduleWindow(new Date('2026-01-31T12:00:00Z'), 'UTC').last).toBe('2026-02-28');
  });

  it('lists times in 5-minute steps and hides those already past today', () => {
    const now = new Date('2026-07-01T13:07:00Z'); // 09:07 in New York
    const today = timeSlots('2026-07-01', now, NY);
    expect(today[0]).toBe('09:10');
    expect(today.at(-1)).toBe('23:55');
    expect(timeSlots('2026-07-02', now, NY)).toHaveLength(288);
    expect(timeSlots('2026-06-30', now, NY)).toEqual([]);
  });

  it('needs at least 4 minutes ahead: 4 is enough, 3 is not', () => {
    const now = new Date('2026-07-01T13:06:00Z');
    expect(scheduleError(new Date('2026-07-01T13:10:00Z'), now, NY)).toBeNull();
    expect(
      scheduleError(new Date('2026-07-01T13:10:00Z'), new Date('2026-07-01T13:06:01Z'), NY),
    ).toBe(M.leadTime);
    expect(scheduleError(new Date('2026-07-01T13:05:00Z'), now, NY)).toBe(M.leadTime);
  });

  it('refuses times off the 5-minute grid and days outside the window', () => {
    const now = new Date('2026-07-01T13:00:00Z');
    expect(scheduleError(new Date('2026-07-01T14:03:00Z'), now, NY)).toBe(M.offGrid);
    expect(scheduleError(new Date('2026-07-01T14:05:30Z'), now, NY)).toBe(M.offGrid);
    expect(scheduleError(new Date('2026-08-01T14:00:00Z'), now, NY)).toBeNull();
    expect(scheduleError(new Date('2026-08-02T14:00:00Z'), now, NY)).toBe(M.outOfRange);
    expect(scheduleError(new Date('2026-06-29T14:00:00Z'), now, NY)).toBe(M.outOfRange);
    // Yesterday is in the window, but every time of it is in the past.
    expect(scheduleError(new Date('2026-06-30T14:00:00Z'), now, NY)).toBe(M.leadTime);
  });

  it('needs both a date and a time once either is picked', () => {
    const now = new Date('2026-07-01T13:00:00Z');
    expect(pickedSchedule({ day: null, time: null }, now, NY)).toEqual({ at: null, error: null });
    expect(pickedSchedule({ day: '2026-07-02', time: null }, now, NY).error).toBe(M.dateAndTime);
    expect(pickedSchedule({ day: null, time: '10:00' }, now, NY).error).toBe(M.dateAndTime);
    const picked = pickedSchedule({ day: '2026-07-02', time: '10:00' }, now, NY);
    expect(picked).toEqual({ at: new Date('2026-07-02T14:00:00Z'), error: null });
  });
});

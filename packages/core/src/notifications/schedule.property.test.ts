import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateTime, scheduleError, timeSlots, zonedInstant } from './schedule';

/**
 * Properties of the shop-clock rules: any instant's wall clock maps back to the instant (its first
 * occurrence when the clock repeats an hour), a skipped time lands just after the jump, and the
 * picker offers only times still ahead, in order. Zones with 30- and 45-minute offsets, half-hour
 * daylight saving and the date line are among those drawn.
 */
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
const zone = fc.constantFrom(...ZONES);
/** Whole minutes between 2000 and 2040. */
const minuteInstant = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 })
  .map((minutes) => new Date(minutes * 60_000));

describe('shop clock properties', () => {
  it("maps an instant's wall clock back to that instant or the clock's earlier occurrence", () => {
    fc.assert(
      fc.property(minuteInstant, zone, (instant, timeZone) => {
        const { day, time } = localDateTime(instant, timeZone);
        const back = zonedInstant(day, time, timeZone);
        expect(localDateTime(back, timeZone)).toEqual({ day, time });
        expect(back.getTime()).toBeLessThanOrEqual(instant.getTime());
        // A repeated hour is at most one (or half an hour) back; otherwise it is the instant.
        expect(instant.getTime() - back.getTime()).toBeLessThanOrEqual(3_600_000);
      }),
      { numRuns: 2000 },
    );
  });

  it('names an instant at or after any wall time, never before it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2039-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        zone,
        (date, minute, timeZone) => {
          const day = date.toISOString().slice(0, 10);
          const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const at = zonedInstant(day, time, timeZone);
          const local = localDateTime(at, timeZone);
          // Existing times map exactly; a skipped one lands after the jump, the same day or the next.
          expect(`${local.day}T${local.time}` >= `${day}T${time}`).toBe(true);
          expect(at.getUTCSeconds()).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('offers only times still ahead, ascending, each accepted unless inside the lead time', () => {
    fc.assert(
      fc.property(minuteInstant, zone, fc.integer({ min: -1, max: 3 }), (now, timeZone, ahead) => {
        const today = localDateTime(now, timeZone).day;
        const day = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const slots = timeSlots(day, now, timeZone);
        expect([...slots].sort()).toEqual(slots);
        // The first and last slots: every slot is timed the same way, and each check costs.
        for (const time of [slots[0], slots.at(-1)].filter((x): x is string => x !== undefined)) {
          const at = zonedInstant(day, time, timeZone);
          expect(at.getTime()).toBeGreaterThanOrEqual(now.getTime());
          const error = scheduleError(at, now, timeZone);
          if (at.getTime() >= now.getTime() + 4 * 60_000 && ahead >= 0) expect(error).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

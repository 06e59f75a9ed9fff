import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeOrder } from './attribute-order';
import {
  ATTRIBUTION_WINDOW_DAYS,
  attributionLookbackHours,
  attributionWindowsFor,
} from './attribution-windows';
import type { ClipInteraction } from './order-input';
import {
  addDays,
  calendarMonth,
  daysInRange,
  eachDay,
  isoWeek,
  localDay,
  previousPeriod,
} from './periods';

/**
 * Properties of attribution windows and Insights periods: an interaction counts only inside its
 * window (edges included) and never after the order, a wider window never credits less, and the
 * calendar rules (days, ISO weeks, months, previous period, shop days) agree with each other.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ORDERED_AT = new Date('2026-06-15T12:00:00Z');
const PRODUCTS = ['gid://shopify/Product/1', 'gid://shopify/Product/2'];

const interaction = fc
  .record({
    type: fc.constantFrom('impression', 'view', 'like', 'unlike', 'click', 'add_to_cart' as const),
    clipId: fc.constantFrom('c1', 'c2', 'c3'),
    productId: fc.constantFrom(null, ...PRODUCTS),
    /** Hours before the order (negative: after it), on either side of every window's edge. */
    hoursBefore: fc.oneof(
      fc.integer({ min: -48, max: 31 * 24 }),
      fc.constantFrom(24, 7 * 24, 30 * 24, 0),
    ),
  })
  .map(
    ({ hoursBefore, ...event }): ClipInteraction => ({
      ...event,
      type: event.type as ClipInteraction['type'],
      productId: ['click', 'add_to_cart'].includes(event.type) ? event.productId : null,
      occurredAt: new Date(ORDERED_AT.getTime() - hoursBefore * HOUR_MS),
    }),
  );
const order = {
  orderedAt: ORDERED_AT,
  lines: [
    ...PRODUCTS.map((productId, i) => ({
      lineItemId: `l${i}`,
      productId,
      quantity: 1,
      revenueCents: 1000,
      clipId: null,
    })),
    { lineItemId: 'tip', productId: null, quantity: 1, revenueCents: 100, clipId: null },
  ],
};
const days = fc.constantFrom(...ATTRIBUTION_WINDOW_DAYS);

describe('attribution windows', () => {
  it('credits only interactions inside their window and never after the order', () => {
    fc.assert(
      fc.property(fc.array(interaction, { maxLength: 12 }), days, (events, chosen) => {
        const windows = attributionWindowsFor(chosen);
        expect(attributionLookbackHours(windows)).toBe(chosen * 24);
        const credited = attributeOrder(order, events, windows);
        for (const credit of credited) {
          const hours = {
            direct: windows.directHours,
            indirect: windows.indirectHours,
            influenced: windows.influencedHours,
          }[credit.kind as 'direct' | 'indirect' | 'influenced'];
          const evidence = events.filter(
            (e) =>
              e.clipId === credit.clipId &&
              e.occurredAt <= ORDERED_AT &&
              ORDERED_AT.getTime() - e.occurredAt.getTime() <= hours * HOUR_MS,
          );
          expect(evidence.length).toBeGreaterThan(0);
          expect(credit.productId).not.toBeNull();
        }
        // Nothing is credited from interactions after the order alone.
        const past = events.filter((e) => e.occurredAt <= ORDERED_AT);
        expect(attributeOrder(order, past, windows)).toEqual(credited);
      }),
    );
  });

  it('never credits fewer lines with a wider window', () => {
    fc.assert(
      fc.property(fc.array(interaction, { maxLength: 12 }), (events) => {
        const counts = ATTRIBUTION_WINDOW_DAYS.map(
          (d) => attributeOrder(order, events, attributionWindowsFor(d)).length,
        );
        expect([...counts].sort((a, b) => a - b)).toEqual(counts);
      }),
    );
  });
});

/** Days between 1990 and 2060. */
const day = fc
  .integer({ min: Date.UTC(1990, 0, 1) / DAY_MS, max: Date.UTC(2060, 0, 1) / DAY_MS })
  .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10));

describe('Insights periods', () => {
  it('counts, lists and steps days consistently', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, length) => {
        const to = addDays(from, length);
        expect(daysInRange(from, to)).toBe(length + 1);
        const all = eachDay(from, to);
        expect(all).toHaveLength(length + 1);
        expect(all[0]).toBe(from);
        expect(all.at(-1)).toBe(to);
        expect(addDays(to, -length)).toBe(from);
        const previous = previousPeriod(from, to);
        expect(daysInRange(previous.from, previous.to)).toBe(length + 1);
        expect(addDays(previous.to, 1)).toBe(from);
      }),
      { numRuns: 200 },
    );
  });

  it('puts a day in the ISO week starting on the Monday before it, and in its calendar month', () => {
    fc.assert(
      fc.property(day, (d) => {
        const week = isoWeek(d);
        expect(new Date(`${week.start}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(daysInRange(week.start, d)).toBeGreaterThanOrEqual(1);
        expect(daysInRange(week.start, d)).toBeLessThanOrEqual(7);
        expect(week.week).toBeGreaterThanOrEqual(1);
        expect(week.week).toBeLessThanOrEqual(53);
        // Every day of a week has the same ISO week.
        expect(isoWeek(addDays(week.start, 6))).toEqual(week);
        const month = calendarMonth(d);
        expect(month.start <= d && d.startsWith(month.start.slice(0, 8))).toBe(true);
        expect(month.label).toMatch(new RegExp(` ${month.year}$`));
      }),
    );
  });

  it("gives an instant the shop's day, within a day of its UTC day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu'),
        (ms, zone) => {
          const utcDay = new Date(ms).toISOString().slice(0, 10);
          const shopDay = localDay(new Date(ms), zone);
          expect(Math.abs(daysInRange(utcDay, shopDay) - 1)).toBeLessThanOrEqual(1);
          if (zone === 'UTC') expect(shopDay).toBe(utcDay);
        },
      ),
    );
  });
});

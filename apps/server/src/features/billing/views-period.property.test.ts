import { BILLING_INTERVAL_DAYS } from '@popstage/core/billing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentCycle } from './billing-cycle';
import { viewsPeriod } from './gating';

/**
 * The window views are counted over (spec 01 §4): with a subscription, the 30-day cycle from its
 * activation that holds now; without, the UTC calendar month. Properties: the window holds now,
 * starts a whole number of cycles after activation, and moves only forward as time does.
 */
const CYCLE_MS = BILLING_INTERVAL_DAYS * 86_400_000;
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('view window', () => {
  it('is the 30-day cycle from activation that holds now', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 5 * 365 * 86_400_000 }), (activated, age) => {
        const now = new Date(activated + age);
        const { start, end } = currentCycle(new Date(activated), now);
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(now.getTime()).toBeLessThan(end.getTime());
        expect(end.getTime() - start.getTime()).toBe(CYCLE_MS);
        expect((start.getTime() - activated) % CYCLE_MS).toBe(0);
        expect(viewsPeriod(new Date(activated), now)).toEqual({
          start,
          typeOfDate: 'subscription',
        });
      }),
    );
  });

  it('starts at activation while the clock reads earlier (a skewed clock counts nothing twice)', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 86_400_000 }), (activated, skew) => {
        expect(currentCycle(new Date(activated), new Date(activated - skew)).start.getTime()).toBe(
          activated,
        );
      }),
    );
  });

  it('only moves forward as time passes', () => {
    fc.assert(
      fc.property(instant, fc.nat(400 * 86_400_000), fc.nat(60 * 86_400_000), (a, t, later) => {
        const first = currentCycle(new Date(a), new Date(a + t)).start.getTime();
        const second = currentCycle(new Date(a), new Date(a + t + later)).start.getTime();
        expect(second).toBeGreaterThanOrEqual(first);
      }),
    );
  });

  it('is the UTC calendar month holding now without a subscription', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const now = new Date(ms);
        const period = viewsPeriod(null, now);
        expect(period.typeOfDate).toBe('calendar_month');
        expect(period.start.toISOString()).toBe(
          `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`,
        );
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { viewsPeriod } from '../billing';
import {
  occurredAt,
  planBatch,
  SANDBOX_EVENT_MAX_AGE_MS,
  viewCounts,
  viewDedupeSince,
} from './batch';

const now = new Date('2026-03-10T12:00:00Z');

describe('view dedupe window', () => {
  it('counts a view 30 minutes after the last counted one, not before', () => {
    expect(viewDedupeSince(now).toISOString()).toBe('2026-03-10T11:30:00.000Z');
    expect(viewCounts(null, now)).toBe(true);
    expect(viewCounts(new Date('2026-03-10T11:30:01Z'), now)).toBe(false);
    expect(viewCounts(new Date('2026-03-10T11:30:00Z'), now)).toBe(true);
  });

  it('keeps the first view of a clip in a batch and the last like state', () => {
    const plan = planBatch(
      [
        { type: 'view', clipId: 'a' },
        { type: 'view', clipId: 'a' },
        { type: 'view', clipId: 'b' },
        { type: 'like', clipId: 'a' },
        { type: 'unlike', clipId: 'a' },
        { type: 'like', clipId: 'b' },
        { type: 'click', clipId: 'b', productId: 'gid://shopify/Product/1' },
      ],
      now,
    );
    expect(plan.views.map((v) => v.clipId)).toEqual(['a', 'b']);
    expect(plan.dedupedInBatch).toBe(1);
    expect(plan.others).toHaveLength(4);
    expect([...plan.likes]).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('does not trust future or stale client times', () => {
    expect(occurredAt(undefined, now)).toEqual(now);
    expect(occurredAt('2026-03-10T13:00:00Z', now)).toEqual(now);
    expect(occurredAt('2026-03-01T00:00:00Z', now)).toEqual(now);
    expect(occurredAt('2026-03-10T11:59:00Z', now).toISOString()).toBe('2026-03-10T11:59:00.000Z');
    // The sandbox platform takes backdated traffic up to 35 days (its traffic generator).
    expect(occurredAt('2026-03-01T00:00:00Z', now, SANDBOX_EVENT_MAX_AGE_MS).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(occurredAt('2026-02-01T00:00:00Z', now, SANDBOX_EVENT_MAX_AGE_MS)).toEqual(now);
  });
});

describe('views period', () => {
  it('is the calendar month without a subscription', () => {
    expect(viewsPeriod(null, now)).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      typeOfDate: 'calendar_month',
    });
  });

  it('is the 30-day cycle counted from activation', () => {
    const activated = new Date('2026-01-05T08:00:00Z');
    // 2026-01-05 + 60 days = 2026-03-06, the cycle containing 2026-03-10.
    expect(viewsPeriod(activated, now)).toEqual({
      start: new Date('2026-03-06T08:00:00Z'),
      typeOfDate: 'subscription',
    });
  });
});

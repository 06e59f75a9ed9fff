import { describe, expect, it } from 'vitest';
import {
  formatLimit,
  formatLiveEventsLimit,
  isLiveEventsUnlimited,
  isUnlimited,
  normaliseLimit,
  parseLimit,
  toWireLimit,
} from './limits';

describe('unlimited limits', () => {
  it('maps -1 to 9999999 and back', () => {
    expect(normaliseLimit(-1)).toBe(9_999_999);
    expect(normaliseLimit(15_000)).toBe(15_000);
    expect(toWireLimit(9_999_999)).toBe(-1);
    expect(toWireLimit(15_000)).toBe(15_000);
  });

  it('treats -1 and anything from 9999999 as unlimited', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(9_999_999)).toBe(true);
    expect(isUnlimited(9_999_998)).toBe(false);
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit(15_000)).toBe('15,000');
  });

  it('reads live events above 999999 as unlimited', () => {
    expect(isLiveEventsUnlimited(-1)).toBe(true);
    expect(isLiveEventsUnlimited(1_000_000)).toBe(true);
    expect(isLiveEventsUnlimited(999_999)).toBe(false);
    expect(formatLiveEventsLimit(9_999_999)).toBe('Unlimited');
    expect(formatLiveEventsLimit(12)).toBe('12');
  });

  it('parses every wire form of a limit', () => {
    expect(parseLimit(15_000)).toBe(15_000);
    expect(parseLimit(1.5)).toBeNull();
    expect(parseLimit('15,000')).toBe(15_000);
    expect(parseLimit(' -1 ')).toBe(-1);
    expect(parseLimit('lots')).toBeNull();
  });
});

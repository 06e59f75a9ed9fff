import { describe, expect, it } from 'vitest';
import {
  freeViewLimits,
  isFreeAddon,
  isFreeByMaxViews,
  isFreePlanName,
  planDisplayName,
} from './free-plan';
import { testAddon } from './test-fixtures';

const addons = [
  testAddon({ id: 'free', name: 'free', price: '0.00', views: 5_000 }),
  testAddon({ id: 'free-2025', name: 'free 2025', price: '0.00', views: 1_000 }),
  testAddon({ id: 'free-no-views', name: 'Free', price: '0.00' }),
  testAddon({ id: 'basic', name: 'basic', views: 15_000 }),
  testAddon({ id: 'mobile-free', name: 'free', featureId: 'mobile', price: '0.00', views: 7 }),
];

describe('free plan', () => {
  it.each(['free', 'free 2025', ' Free  2025 ', 'FREE'])('%j is free', (name) => {
    expect(isFreePlanName(name)).toBe(true);
  });

  it.each(['basic', 'free 2024', '', null, undefined])('%j is not free', (name) => {
    expect(isFreePlanName(name)).toBe(false);
  });

  it('shows free names as Free and others capitalised', () => {
    expect(planDisplayName('free 2025')).toBe('Free');
    expect(planDisplayName('pro')).toBe('Pro');
    expect(planDisplayName(' premium  plus ')).toBe('Premium Plus');
    expect(isFreeAddon(addons[0] ?? testAddon())).toBe(true);
  });

  it('lists the free popclips add-ons view limits', () => {
    expect(freeViewLimits(addons)).toEqual([5_000, 1_000]);
  });

  it('detects free from max views', () => {
    expect(isFreeByMaxViews(1_000, addons)).toBe(true);
    expect(isFreeByMaxViews('5,000', addons)).toBe(true);
    expect(isFreeByMaxViews('15,000', addons)).toBe(false);
    expect(isFreeByMaxViews('n/a', addons)).toBe(false);
  });
});

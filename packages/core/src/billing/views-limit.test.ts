import { describe, expect, it } from 'vitest';
import { testAddon } from './test-fixtures';
import {
  effectiveLimitAccess,
  freeOrBasicViewLimits,
  isPopclipsCreationBlocked,
  parseGatingWire,
  shouldShowViewsLimitModal,
  toGatingWire,
  viewsLimitBannerText,
  viewsLimitModalText,
} from './views-limit';

const wire = {
  max_views: '15,000',
  total_views: 12_000,
  limit_access: false,
  start_date_of_views_count: '2026-11-01T00:00:00.000Z',
  type_of_date: 'subscription',
} as const;

describe('gating wire', () => {
  it('parses and writes the wire form', () => {
    const gating = parseGatingWire(wire);
    expect(gating).toEqual({
      maxViews: 15_000,
      totalViews: 12_000,
      limitAccess: false,
      startDateOfViewsCount: '2026-11-01T00:00:00.000Z',
      typeOfDate: 'subscription',
    });
    expect(toGatingWire(gating)).toEqual(wire);
    expect(toGatingWire({ ...gating, maxViews: 9_999_999 }).max_views).toBe('-1');
  });

  it('fails closed on an unreadable max', () => {
    expect(parseGatingWire({ ...wire, max_views: '?' }).maxViews).toBe(0);
  });
});

describe('limit access', () => {
  it('ignores the flag for the two test shops only', () => {
    expect(effectiveLimitAccess(true, 'popstage-test-1.myshopify.com')).toBe(false);
    expect(effectiveLimitAccess(true, 'popstage-test-2.myshopify.com')).toBe(false);
    expect(effectiveLimitAccess(true, 'demo-store.myshopify.com')).toBe(true);
    expect(effectiveLimitAccess(false, 'demo-store.myshopify.com')).toBe(false);
  });

  it('blocks creation when limited and not unlimited', () => {
    expect(isPopclipsCreationBlocked({ limitAccess: true, maxViews: 15_000 })).toBe(true);
    expect(isPopclipsCreationBlocked({ limitAccess: true, maxViews: -1 })).toBe(false);
    expect(isPopclipsCreationBlocked({ limitAccess: false, maxViews: 15_000 })).toBe(false);
  });

  it('words the banner and the modal', () => {
    expect(viewsLimitBannerText({ limitAccess: true, maxViews: 15_000 })).toBe(
      "You've reached your current plan's view limits of 15,000",
    );
    expect(viewsLimitBannerText({ limitAccess: true, maxViews: -1 })).toBeNull();
    expect(viewsLimitBannerText({ limitAccess: false, maxViews: 15_000 })).toBeNull();
    expect(viewsLimitModalText(1_000)).toBe(
      "You've reached your current plan's view limits of 1,000. In order to create new Popclips please upgrade.",
    );
  });
});

describe('views-limit warning modal', () => {
  const addons = [
    testAddon({ id: 'free', name: 'free 2025', price: '0.00', views: 1_000 }),
    testAddon({ id: 'basic', price: '29.99', views: 15_000 }),
    testAddon({ id: 'premium', price: '149.99', views: 50_000 }),
    testAddon({ id: 'unlimited', price: '29.99', views: -1 }),
    testAddon({ id: 'no-views', price: '29.99' }),
    testAddon({ id: 'mobile', featureId: 'mobile', price: '0.00', views: 3 }),
  ];
  const freeOrBasicLimits = freeOrBasicViewLimits(addons);
  const facts = { totalViews: 12_000, maxViews: 15_000, limitAccess: false, freeOrBasicLimits };

  it('collects the free and basic view limits', () => {
    expect(freeOrBasicLimits).toEqual([1_000, 15_000]);
  });

  it('shows from 80 percent of a free or basic max', () => {
    expect(shouldShowViewsLimitModal(facts)).toBe(true);
    expect(shouldShowViewsLimitModal({ ...facts, totalViews: 11_999 })).toBe(false);
    expect(shouldShowViewsLimitModal({ ...facts, maxViews: 1_000, totalViews: 800 })).toBe(true);
  });

  it('stays hidden when limited, unlimited, zero or a custom max', () => {
    expect(shouldShowViewsLimitModal({ ...facts, limitAccess: true })).toBe(false);
    expect(shouldShowViewsLimitModal({ ...facts, maxViews: -1 })).toBe(false);
    expect(
      shouldShowViewsLimitModal({ ...facts, maxViews: 0, totalViews: 0, freeOrBasicLimits: [0] }),
    ).toBe(false);
    expect(shouldShowViewsLimitModal({ ...facts, maxViews: 50_000, totalViews: 49_000 })).toBe(
      false,
    );
  });
});

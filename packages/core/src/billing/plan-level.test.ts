import { describe, expect, it } from 'vitest';
import {
  hasPopclipsCapability,
  isMobileHigherTier,
  isWhiteLabelUpgradeHidden,
  monthlyShareLimit,
  POPCLIPS_CAPABILITY_LEVEL,
  type PopclipsCapability,
  popclipsCapabilities,
  popclipsCarouselButton,
  popclipsPlanLevel,
} from './plan-level';

describe('popclipsPlanLevel', () => {
  it.each([
    [null, 'free'],
    [undefined, 'free'],
    ['0.00', 'free'],
    ['29.98', 'free'],
    ['29.99', 'basic'],
    ['149.98', 'basic'],
    ['149.99', 'premium'],
    ['300.00', 'premium'],
  ] as const)('price %j is %s', (price, level) => {
    expect(popclipsPlanLevel(price, 'someone.myshopify.com')).toBe(level);
  });

  it('gives allow-listed shops premium whatever they pay', () => {
    expect(popclipsPlanLevel(null, 'popstage-demo.myshopify.com')).toBe('premium');
    expect(popclipsPlanLevel('0.00', ' PopStage-Showcase.myshopify.com ')).toBe('premium');
    expect(popclipsPlanLevel('0.00', null)).toBe('free');
  });
});

describe('capabilities', () => {
  const basic: PopclipsCapability[] = [
    'viewCounts',
    'customCarousels',
    'carouselManager',
    'socialImport',
  ];
  const premium: PopclipsCapability[] = [
    'likes',
    'collectionCarousels',
    'customPlacement',
    'watermarkRemoval',
    'whiteLabel',
  ];

  it('covers every capability', () => {
    expect(Object.keys(POPCLIPS_CAPABILITY_LEVEL).sort()).toEqual([...basic, ...premium].sort());
  });

  it.each(basic)('%s needs basic', (capability) => {
    expect(hasPopclipsCapability('free', capability)).toBe(false);
    expect(hasPopclipsCapability('basic', capability)).toBe(true);
    expect(hasPopclipsCapability('premium', capability)).toBe(true);
  });

  it.each(premium)('%s needs premium', (capability) => {
    expect(hasPopclipsCapability('basic', capability)).toBe(false);
    expect(hasPopclipsCapability('premium', capability)).toBe(true);
  });

  it('lists them all for a level', () => {
    expect(popclipsCapabilities('basic')).toMatchObject({ viewCounts: true, likes: false });
    expect(Object.values(popclipsCapabilities('free')).every((on) => !on)).toBe(true);
  });

  it('limits shares on free only', () => {
    expect(monthlyShareLimit('free')).toBe(5);
    expect(monthlyShareLimit('basic')).toBeNull();
  });
});

describe('price rules of the landing and mobile', () => {
  it('mobile higher tier only above 79.99 (Pro at 79.99 is not), or on the allow list', () => {
    expect(isMobileHigherTier('79.99')).toBe(false);
    expect(isMobileHigherTier('79.98')).toBe(false);
    expect(isMobileHigherTier('80.00')).toBe(true);
    expect(isMobileHigherTier('80')).toBe(true);
    expect(isMobileHigherTier('199.99')).toBe(true);
    expect(isMobileHigherTier(null)).toBe(false);
    expect(isMobileHigherTier('39.99', 'demo-store.myshopify.com')).toBe(false);
    expect(isMobileHigherTier('39.99', ' Popstage-Demo.myshopify.com ')).toBe(true);
    expect(isMobileHigherTier(null, 'popstage-showcase.myshopify.com')).toBe(true);
  });

  it('carousel button is Manage from 29.99', () => {
    expect(popclipsCarouselButton('29.99')).toBe('manage');
    expect(popclipsCarouselButton('0.00')).toBe('upgrade');
    expect(popclipsCarouselButton(null)).toBe('upgrade');
  });

  it('white-label upgrade hidden from 148', () => {
    expect(isWhiteLabelUpgradeHidden('148')).toBe(true);
    expect(isWhiteLabelUpgradeHidden('147.99')).toBe(false);
    expect(isWhiteLabelUpgradeHidden(undefined)).toBe(false);
  });
});

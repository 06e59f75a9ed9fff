import { describe, expect, it } from 'vitest';
import { openWhileDeactivated, shopIsServed } from './serving';

describe('shopIsServed', () => {
  it('serves an installed, active shop only', () => {
    expect(shopIsServed({ featureFlags: {}, uninstalledAt: null })).toBe(true);
    expect(shopIsServed({ featureFlags: { deactivate_shop: false }, uninstalledAt: null })).toBe(
      true,
    );
    expect(shopIsServed({ featureFlags: { deactivate_shop: true }, uninstalledAt: null })).toBe(
      false,
    );
    expect(shopIsServed({ featureFlags: {}, uninstalledAt: new Date() })).toBe(false);
  });
});

describe('openWhileDeactivated', () => {
  it('leaves only the app load open', () => {
    expect(openWhileDeactivated('GET', '/api/shopify/shop')).toBe(true);
    expect(openWhileDeactivated('POST', '/api/shopify/shop')).toBe(false);
    expect(openWhileDeactivated('GET', '/api/shopify/shop/embed')).toBe(false);
    expect(openWhileDeactivated('GET', '/api/shopify/settings')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { shopIsServed } from './serving';

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

import { describe, expect, it } from 'vitest';
import { addonAttributeValue, addonPrice, highestAddonPrice } from './addons';
import { testAddon } from './test-fixtures';

describe('add-on readers', () => {
  it('reads the first price, zero when there is none', () => {
    expect(addonPrice(testAddon({ price: '29.99' }))).toBe('29.99');
    expect(addonPrice({ price: [] })).toBe('0.00');
  });

  it('reads an attribute value or null', () => {
    const addon = testAddon({ views: 15_000 });
    expect(addonAttributeValue(addon, 'popclips.monthlyViews.max')).toBe(15_000);
    expect(addonAttributeValue(addon, 'mobile.appDownloads.max')).toBeNull();
  });

  it('finds the highest price of one feature', () => {
    const addons = [
      testAddon({ id: 'a', price: '29.99' }),
      testAddon({ id: 'b', price: '149.99' }),
      testAddon({ id: 'c', featureId: 'mobile', price: '199.99' }),
    ];
    expect(highestAddonPrice(addons, 'popclips')).toBe('149.99');
    expect(highestAddonPrice(addons, 'live')).toBeNull();
  });
});

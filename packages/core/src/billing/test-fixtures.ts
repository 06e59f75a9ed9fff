import type { FeatureId } from '../shop/types';
import type { Addon } from './catalogue';

/** Builds a small popclips add-on for tests; not exported from the package. */
export function testAddon(
  options: {
    id?: string;
    name?: string;
    featureId?: FeatureId;
    price?: string;
    views?: number;
  } = {},
): Addon {
  const id = options.id ?? 'addon-test';
  return {
    id,
    skuCode: id,
    name: options.name ?? 'basic',
    featureId: options.featureId ?? 'popclips',
    visibility: 'public',
    price: [{ amount: options.price ?? '29.99', currencyCode: 'USD' }],
    attributes:
      options.views === undefined
        ? []
        : [
            {
              attributeId: 'popclips.monthlyViews.max',
              value: options.views,
              displayValue: String(options.views),
              addonId: id,
            },
          ],
  };
}

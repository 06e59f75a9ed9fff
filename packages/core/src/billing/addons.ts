import type { FeatureId } from '../shop/types';
import type { Addon, AddonAttributeId } from './catalogue';
import { amountToCents, centsToAmount } from './cents';

/** Reading the wire Addon: its price is the first price entry (spec 01 §3). */

export function addonPrice(addon: Pick<Addon, 'price'>): string {
  return addon.price[0]?.amount ?? '0.00';
}

/** The attribute's raw value (-1 = unlimited), or null when the add-on lacks it. */
export function addonAttributeValue(
  addon: Pick<Addon, 'attributes'>,
  attributeId: AddonAttributeId,
): number | null {
  return addon.attributes.find((attribute) => attribute.attributeId === attributeId)?.value ?? null;
}

/** Highest price among the add-ons of one feature, or null when there is none. */
export function highestAddonPrice(
  addons: readonly Pick<Addon, 'featureId' | 'price'>[],
  featureId: FeatureId,
): string | null {
  const prices = addons
    .filter((addon) => addon.featureId === featureId)
    .map((addon) => amountToCents(addonPrice(addon)));
  return prices.length === 0 ? null : centsToAmount(Math.max(...prices));
}

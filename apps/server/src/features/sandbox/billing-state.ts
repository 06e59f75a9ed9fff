import type { Catalogue } from '@popstage/core/billing';
import type { Money } from '@popstage/core/shop';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes } from '../../db/schema';

/** What the control page offers for a company-driven plan change, read from the catalogue. */

export interface PriceOption {
  id: string;
  name: string;
  priceAmount: string;
  currencyCode: string;
}

export interface PlanChangeOptions {
  plans: PriceOption[];
  /** Public add-ons grouped by feature in catalogue order; at most one is chosen per feature. */
  features: { id: string; name: string; addons: PriceOption[] }[];
}

export type DiscountCodeView = typeof discountCodes.$inferSelect;

export function planChangeOptions(catalogue: Catalogue): PlanChangeOptions {
  const plans = catalogue.plans.filter((plan) => plan.visibility === 'public');
  const option = (item: { id: string; name: string; price: Money[] }): PriceOption => ({
    id: item.id,
    name: item.name,
    priceAmount: item.price[0]?.amount ?? '0.00',
    currencyCode: item.price[0]?.currencyCode ?? catalogue.currency,
  });
  // Only add-ons a public plan offers: the combinations a merchant could pick themselves.
  const offered = new Set(plans.flatMap((plan) => plan.addonIds));
  const grouped = catalogue.features.map((feature) => ({
    id: feature.id,
    name: feature.name,
    addons: catalogue.addons
      .filter(
        (addon) =>
          addon.visibility === 'public' && addon.featureId === feature.id && offered.has(addon.id),
      )
      .map(option),
  }));
  return {
    plans: plans.map(option),
    features: grouped.filter((feature) => feature.addons.length > 0),
  };
}

export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  return db.select().from(discountCodes).orderBy(asc(discountCodes.code));
}

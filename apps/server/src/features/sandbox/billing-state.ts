import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingAddons, billingFeatures, billingPlans, discountCodes } from '../../db/schema';

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

export async function planChangeOptions(db: Db): Promise<PlanChangeOptions> {
  const [plans, addons, features] = await Promise.all([
    db
      .select({
        id: billingPlans.id,
        name: billingPlans.name,
        priceAmount: billingPlans.priceAmount,
        currencyCode: billingPlans.currencyCode,
        addonIds: billingPlans.addonIds,
      })
      .from(billingPlans)
      .where(eq(billingPlans.public, true))
      .orderBy(asc(billingPlans.position)),
    db
      .select()
      .from(billingAddons)
      .where(eq(billingAddons.visibility, 'public'))
      .orderBy(asc(billingAddons.position)),
    db.select().from(billingFeatures).orderBy(asc(billingFeatures.position)),
  ]);
  // Only add-ons a public plan offers: the combinations a merchant could pick themselves.
  const offered = new Set(plans.flatMap((plan) => plan.addonIds));
  const grouped = features.map((feature) => ({
    id: feature.id,
    name: feature.name,
    addons: addons
      .filter((addon) => addon.featureId === feature.id && offered.has(addon.id))
      .map(({ id, name, priceAmount, currencyCode }) => ({ id, name, priceAmount, currencyCode })),
  }));
  return {
    plans: plans.map(({ id, name, priceAmount, currencyCode }) => ({
      id,
      name,
      priceAmount,
      currencyCode,
    })),
    features: grouped.filter((feature) => feature.addons.length > 0),
  };
}

export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  return db.select().from(discountCodes).orderBy(asc(discountCodes.code));
}

import type { Addon, Catalogue, CataloguePlan, DiscountCode, Feature } from './catalogue';
import type { Plan } from './contract';
import { normaliseDiscountCode } from './discount-code';

/** Read-side helpers over a validated catalogue (what GET /api/billing/* answers). */

/** The catalogue stores features so that third, first, second reads popclips, mobile, live. */
export function orderFeaturesForDisplay<T>(features: readonly T[]): T[] {
  if (features.length < 3) return [...features];
  const [first, second, third, ...rest] = features as [T, T, T, ...T[]];
  return [third, first, second, ...rest];
}

export function displayFeatures(catalogue: Catalogue): Feature[] {
  return orderFeaturesForDisplay(catalogue.features);
}

/** The wire Plan: add-on ids replaced by the add-ons, in the plan's order. */
export function expandPlan(plan: CataloguePlan, addons: readonly Addon[]): Plan {
  const byId = new Map(addons.map((addon) => [addon.id, addon]));
  return {
    id: plan.id,
    name: plan.name,
    skuCode: plan.skuCode,
    type: plan.type,
    price: plan.price,
    addons: plan.addonIds.flatMap((id) => {
      const addon = byId.get(id);
      return addon ? [addon] : [];
    }),
  };
}

export function publicPlans(catalogue: Catalogue): Plan[] {
  return catalogue.plans
    .filter((plan) => plan.visibility === 'public')
    .map((plan) => expandPlan(plan, catalogue.addons));
}

export function publicAddons(catalogue: Catalogue): Addon[] {
  return catalogue.addons.filter((addon) => addon.visibility === 'public');
}

/** Any plan, public or legacy (a shop may still hold a legacy one). */
export function findPlan(catalogue: Catalogue, planId: string): Plan | null {
  const plan = catalogue.plans.find((candidate) => candidate.id === planId);
  return plan ? expandPlan(plan, catalogue.addons) : null;
}

export function findPlanBySku(catalogue: Catalogue, skuCode: string): Plan | null {
  const plan = catalogue.plans.find((candidate) => candidate.skuCode === skuCode);
  return plan ? expandPlan(plan, catalogue.addons) : null;
}

export function findAddon(catalogue: Catalogue, addonId: string): Addon | null {
  return catalogue.addons.find((addon) => addon.id === addonId) ?? null;
}

/** Looks the code up as the merchant typed it (trimmed, upper-cased first). */
export function findDiscountCode(catalogue: Catalogue, raw: string): DiscountCode | null {
  const code = normaliseDiscountCode(raw);
  return catalogue.discountCodes.find((candidate) => candidate.code === code) ?? null;
}

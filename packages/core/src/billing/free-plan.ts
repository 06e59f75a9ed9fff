import { addonAttributeValue } from './addons';
import type { Addon } from './catalogue';
import { FREE_PLAN_NAMES } from './constants';
import { parseLimit } from './limits';

/** Free-level detection (spec 01 §3, §4; spec 02 §6). */

/** 'free' and 'free 2025' (any case, blanks ignored) are the free level. */
export function isFreePlanName(name: string | null | undefined): boolean {
  if (!name) return false;
  const normalised = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return (FREE_PLAN_NAMES as readonly string[]).includes(normalised);
}

/** 'free 2025' → 'Free', 'pro' → 'Pro', 'premium plus' → 'Premium Plus'. */
export function planDisplayName(name: string): string {
  if (isFreePlanName(name)) return 'Free';
  return name
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function isFreeAddon(addon: Pick<Addon, 'name'>): boolean {
  return isFreePlanName(addon.name);
}

/** The monthly view limits of the free popclips add-ons (legacy 'free' and 'free 2025'). */
export function freeViewLimits(addons: readonly Addon[]): number[] {
  return addons
    .filter((addon) => addon.featureId === 'popclips' && isFreeAddon(addon))
    .map((addon) => addonAttributeValue(addon, 'popclips.monthlyViews.max'))
    .filter((value): value is number => value !== null);
}

/** Free detected from the gating's max views (number or wire string like '1,000'). */
export function isFreeByMaxViews(maxViews: number | string, addons: readonly Addon[]): boolean {
  const limit = parseLimit(maxViews);
  return limit !== null && freeViewLimits(addons).includes(limit);
}

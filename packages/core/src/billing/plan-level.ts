import { amountAtLeast, compareAmounts } from './cents';
import {
  BASIC_PRICE,
  domainIn,
  FREE_SHARES_PER_MONTH,
  MOBILE_HIGHER_TIER_ALLOW_LIST_DOMAINS,
  MOBILE_HIGHER_TIER_PRICE,
  PREMIUM_ALLOW_LIST_DOMAINS,
  PREMIUM_PRICE,
  WHITE_LABEL_HIDDEN_FROM,
} from './constants';

/** Popclips access by the popclips add-on price (spec 02 §6). */

export const POPCLIPS_PLAN_LEVELS = ['free', 'basic', 'premium'] as const;
export type PopclipsPlanLevel = (typeof POPCLIPS_PLAN_LEVELS)[number];

/**
 * Free below 29.99, basic from 29.99, premium from 149.99; allow-listed shops are premium
 * whatever they pay. A missing price (no popclips add-on) is free.
 */
export function popclipsPlanLevel(
  popclipsAddonPrice: string | null | undefined,
  shopifyDomain?: string | null,
): PopclipsPlanLevel {
  if (domainIn(PREMIUM_ALLOW_LIST_DOMAINS, shopifyDomain)) return 'premium';
  if (!popclipsAddonPrice) return 'free';
  if (amountAtLeast(popclipsAddonPrice, PREMIUM_PRICE)) return 'premium';
  if (amountAtLeast(popclipsAddonPrice, BASIC_PRICE)) return 'basic';
  return 'free';
}

/** The lowest level that unlocks each capability (spec 02 §6, spec 01 §6). */
export const POPCLIPS_CAPABILITY_LEVEL = {
  viewCounts: 'basic',
  customCarousels: 'basic',
  carouselManager: 'basic',
  socialImport: 'basic',
  likes: 'premium',
  collectionCarousels: 'premium',
  customPlacement: 'premium',
  watermarkRemoval: 'premium',
  whiteLabel: 'premium',
} as const satisfies Record<string, PopclipsPlanLevel>;
export type PopclipsCapability = keyof typeof POPCLIPS_CAPABILITY_LEVEL;

export function hasPopclipsCapability(
  level: PopclipsPlanLevel,
  capability: PopclipsCapability,
): boolean {
  const needed = POPCLIPS_CAPABILITY_LEVEL[capability];
  return POPCLIPS_PLAN_LEVELS.indexOf(level) >= POPCLIPS_PLAN_LEVELS.indexOf(needed);
}

export function popclipsCapabilities(
  level: PopclipsPlanLevel,
): Record<PopclipsCapability, boolean> {
  const entries = Object.keys(POPCLIPS_CAPABILITY_LEVEL).map((capability) => [
    capability,
    hasPopclipsCapability(level, capability as PopclipsCapability),
  ]);
  return Object.fromEntries(entries) as Record<PopclipsCapability, boolean>;
}

/** Share links per month: 5 on free, null (unlimited) on paid levels. */
export function monthlyShareLimit(level: PopclipsPlanLevel): number | null {
  return level === 'free' ? FREE_SHARES_PER_MONTH : null;
}

/**
 * The higher mobile tier (spec 03 §6): a mobile add-on priced above 79.99 (Pro at exactly 79.99 is
 * not), or an allow-listed shop. The spec names no capability it unlocks (Android comes with the
 * Pro plan, downloads with the add-on's attribute), so no gate reads it: docs/decisions.md.
 */
export function isMobileHigherTier(
  mobileAddonPrice: string | null | undefined,
  shopifyDomain?: string | null,
): boolean {
  if (domainIn(MOBILE_HIGHER_TIER_ALLOW_LIST_DOMAINS, shopifyDomain)) return true;
  return !!mobileAddonPrice && compareAmounts(mobileAddonPrice, MOBILE_HIGHER_TIER_PRICE) > 0;
}

/** Landing Popclips card: the carousel button is 'manage' from 29.99, else an upgrade prompt. */
export function popclipsCarouselButton(
  highestPopclipsAddonPrice: string | null | undefined,
): 'manage' | 'upgrade' {
  return highestPopclipsAddonPrice && amountAtLeast(highestPopclipsAddonPrice, BASIC_PRICE)
    ? 'manage'
    : 'upgrade';
}

/** Landing: the white-label upgrade is hidden from 148.00 (spec 01 §2.6). */
export function isWhiteLabelUpgradeHidden(
  highestPopclipsAddonPrice: string | null | undefined,
): boolean {
  return (
    !!highestPopclipsAddonPrice && amountAtLeast(highestPopclipsAddonPrice, WHITE_LABEL_HIDDEN_FROM)
  );
}

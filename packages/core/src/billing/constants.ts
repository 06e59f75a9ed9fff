/**
 * Business constants of plans and billing (spec 01 §9, spec 02 §9). Prices are decimal strings,
 * never floats; compare them with amountAtLeast() or the *_CENTS twins.
 */

/** Popclips add-on price from which the shop is on the basic level (spec 02 §6). */
export const BASIC_PRICE = '29.99';
/** Mobile add-on price the higher mobile tier must exceed (spec 03 §6: "exceeds 79.99"). */
export const MOBILE_HIGHER_TIER_PRICE = '79.99';
/** Popclips add-on price from which the shop is on the premium level (spec 02 §6). */
export const PREMIUM_PRICE = '149.99';
/** Highest popclips add-on price from which the landing hides the white-label upgrade. */
export const WHITE_LABEL_HIDDEN_FROM = '148.00';

/** Attribute value meaning "no limit" on the wire and in the catalogue. */
export const UNLIMITED = -1;
/** What UNLIMITED becomes once normalised, so that "usage < limit" comparisons just work. */
export const UNLIMITED_INTERNAL = 9_999_999;
/** Live events per month above this are shown as unlimited (spec 01 §2.9). */
export const LIVE_UNLIMITED_ABOVE = 999_999;

export const BASIC_MONTHLY_VIEWS = 15_000;
/** Usage share of the monthly max (percent) from which the views-limit warning shows. */
export const VIEWS_WARNING_PERCENT = 80;

export const LIVE_SUCCESS_FEE_PERCENT = 5;
export const REPLAYS_KEPT_MONTHS = 3;
/** Shopify bills app subscriptions every 30 days. */
export const BILLING_INTERVAL_DAYS = 30;

/** Free popclips level: share links per month; paid levels are unlimited (spec 02 §6). */
export const FREE_SHARES_PER_MONTH = 5;

/** The plan new subscribers buy; any other active SKU is a customised plan (spec 01 §6). */
export const STANDARD_PLAN_SKU = 'bundle-flexible-2025-monthly';
export const PLAN_SKUS = [
  'bundle-flexible-monthly',
  'bundle-flexible-2024-monthly',
  STANDARD_PLAN_SKU,
] as const;

/** Add-on and plan names that mean the free level; all are shown as 'Free'. */
export const FREE_PLAN_NAMES = ['free', 'free 2025'] as const;

/**
 * Shops that get premium popclips whatever they pay (spec 02 §6: the list is ours). Our own demo
 * and showcase stores; the sandbox store is deliberately absent so that gating can be exercised.
 */
export const PREMIUM_ALLOW_LIST_DOMAINS: readonly string[] = [
  'popstage-demo.myshopify.com',
  'popstage-showcase.myshopify.com',
];

/**
 * Shops on the higher mobile tier whatever their mobile add-on costs (spec 03 §6 names an allow
 * list but not its members; ours): the same demo and showcase stores as the popclips list, and
 * for the same reason the sandbox store is not on it.
 */
export const MOBILE_HIGHER_TIER_ALLOW_LIST_DOMAINS: readonly string[] = [
  'popstage-demo.myshopify.com',
  'popstage-showcase.myshopify.com',
];

/** Test shops whose popclips access-limit flag is ignored (spec 01 §4; the domains are ours). */
export const ACCESS_LIMIT_EXEMPT_DOMAINS: readonly string[] = [
  'popstage-test-1.myshopify.com',
  'popstage-test-2.myshopify.com',
];

/** Domains compare case-insensitively and without surrounding blanks. */
export function domainIn(
  list: readonly string[],
  shopifyDomain: string | null | undefined,
): boolean {
  if (!shopifyDomain) return false;
  return list.includes(shopifyDomain.trim().toLowerCase());
}

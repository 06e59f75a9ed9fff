import { formatNumber } from '../format/numbers';
import { addonAttributeValue, addonPrice } from './addons';
import type { Addon } from './catalogue';
import { amountAtLeast } from './cents';
import {
  ACCESS_LIMIT_EXEMPT_DOMAINS,
  domainIn,
  PREMIUM_PRICE,
  VIEWS_WARNING_PERCENT,
} from './constants';
import type { PopclipsGatingWire } from './contract';
import { isUnlimited, parseLimit, toWireLimit } from './limits';

/** Popclips view limits: gating, the 80 percent warning, the limit banner (spec 01 §4, 02 §6). */

export interface PopclipsGating {
  /** -1 when unlimited. */
  maxViews: number;
  totalViews: number;
  limitAccess: boolean;
  startDateOfViewsCount: string;
  typeOfDate: PopclipsGatingWire['type_of_date'];
}

/** The gating as the admin reads it from GET /api/shopify/shop/popclips/gating. */
export function parseGatingWire(wire: PopclipsGatingWire): PopclipsGating {
  return {
    // An unreadable max fails closed (0 is never "unlimited"), so a set limitAccess still blocks.
    maxViews: parseLimit(wire.max_views) ?? 0,
    totalViews: wire.total_views,
    limitAccess: wire.limit_access,
    startDateOfViewsCount: wire.start_date_of_views_count,
    typeOfDate: wire.type_of_date,
  };
}

/** The wire form the server answers: max_views '-1' or formatted ('15,000'). */
export function toGatingWire(gating: PopclipsGating): PopclipsGatingWire {
  const wireMax = toWireLimit(gating.maxViews);
  return {
    max_views: wireMax === -1 ? '-1' : formatNumber(wireMax),
    total_views: gating.totalViews,
    limit_access: gating.limitAccess,
    start_date_of_views_count: gating.startDateOfViewsCount,
    type_of_date: gating.typeOfDate,
  };
}

/** The access-limit flag as it applies: ignored for the two hard-coded test shops. */
export function effectiveLimitAccess(
  limitAccess: boolean,
  shopifyDomain: string | null | undefined,
): boolean {
  return limitAccess && !domainIn(ACCESS_LIMIT_EXEMPT_DOMAINS, shopifyDomain);
}

type LimitFacts = Pick<PopclipsGating, 'limitAccess' | 'maxViews'>;

/** Creating popclips is blocked when access is limited and the plan is not unlimited. */
export function isPopclipsCreationBlocked({ limitAccess, maxViews }: LimitFacts): boolean {
  return limitAccess && !isUnlimited(maxViews);
}

/** Landing banner, or null when there is nothing to say. */
export function viewsLimitBannerText(gating: LimitFacts): string | null {
  if (!isPopclipsCreationBlocked(gating)) return null;
  return `You've reached your current plan's view limits of ${formatNumber(gating.maxViews)}`;
}

/** Text of the modal shown when creating while blocked (spec 02 §2). */
export function viewsLimitModalText(maxViews: number): string {
  return `You've reached your current plan's view limits of ${formatNumber(maxViews)}. In order to create new Popclips please upgrade.`;
}

/** View limits of the popclips add-ons below premium (free and basic ones). */
export function freeOrBasicViewLimits(addons: readonly Addon[]): number[] {
  return addons
    .filter(
      (addon) => addon.featureId === 'popclips' && !amountAtLeast(addonPrice(addon), PREMIUM_PRICE),
    )
    .map((addon) => addonAttributeValue(addon, 'popclips.monthlyViews.max'))
    .filter((value): value is number => value !== null && !isUnlimited(value));
}

export interface ViewsWarningFacts extends LimitFacts {
  totalViews: number;
  /** From freeOrBasicViewLimits(catalogue add-ons). */
  freeOrBasicLimits: readonly number[];
}

/**
 * The 80 percent warning modal: usage at least 80 percent of max, access not limited yet, max not
 * unlimited, and the current max is a free or basic add-on's (a custom deal gets no upsell).
 */
export function shouldShowViewsLimitModal(facts: ViewsWarningFacts): boolean {
  const { totalViews, maxViews, limitAccess, freeOrBasicLimits } = facts;
  if (limitAccess || isUnlimited(maxViews) || maxViews <= 0) return false;
  if (!freeOrBasicLimits.includes(maxViews)) return false;
  // Integer comparison: totalViews / maxViews >= 0.8 without float error.
  return totalViews * 100 >= maxViews * VIEWS_WARNING_PERCENT;
}

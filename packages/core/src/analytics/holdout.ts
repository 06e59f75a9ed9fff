/**
 * The holdout test of Insights (issue 15; docs/decisions.md "Insights"): a share of visitors
 * (0-20 %) does not see the widget, and the revenue per visitor of the two groups is compared.
 * These are the rules both sides need: which visitors are held out, and the estimate with its
 * confidence interval.
 */

export const HOLDOUT_MAX_PERCENT = 20;
/** The shares a merchant picks from in Insights (0: off). */
export const HOLDOUT_PERCENTS = [0, 5, 10, 15, 20] as const;
export type HoldoutGroupName = 'exposed' | 'holdout';
/** Below these, Insights says there is not enough data yet. */
export const HOLDOUT_MIN_VISITORS = 200;
export const HOLDOUT_MIN_ORDERS = 10;

/**
 * Whether a visitor is held out: a stable hash (FNV-1a, 32 bits) of the visitor id into 10,000
 * buckets, so the widget and the server agree and a visitor stays in the group across visits.
 */
export function inHoldout(visitorId: string, percent: number): boolean {
  if (percent <= 0) return false;
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i++) {
    hash ^= visitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 10_000 < Math.min(percent, HOLDOUT_MAX_PERCENT) * 100;
}

/** A group's visitors and the revenue of their orders (minor units): sum and sum of squares. */
export interface HoldoutGroup {
  visitors: number;
  orders: number;
  revenue: number;
  /** Σ (revenue of each visitor)²: the variance needs it. */
  revenueSquares: number;
}

export type HoldoutResult =
  | { enough: false; visitors: number; orders: number }
  | {
      enough: true;
      exposedPerVisitor: number;
      holdoutPerVisitor: number;
      /** Incremental revenue per visitor (exposed − held out), minor units. */
      incrementalPerVisitor: number;
      /** 95 % confidence interval of the incremental revenue per visitor. */
      low: number;
      high: number;
    };

/**
 * Difference of the mean revenue per visitor, exposed minus held out, with a 95 % interval from
 * the normal approximation with unequal variances (Welch): large samples, which the minimums
 * ensure. Per-visitor revenue is 0 for visitors who did not buy.
 */
export function holdoutEstimate(exposed: HoldoutGroup, holdout: HoldoutGroup): HoldoutResult {
  const visitors = Math.min(exposed.visitors, holdout.visitors);
  const orders = Math.min(exposed.orders, holdout.orders);
  if (visitors < HOLDOUT_MIN_VISITORS || exposed.orders + holdout.orders < HOLDOUT_MIN_ORDERS) {
    return { enough: false, visitors, orders };
  }
  const mean = (g: HoldoutGroup) => g.revenue / g.visitors;
  const variance = (g: HoldoutGroup) =>
    Math.max(0, (g.revenueSquares - g.visitors * mean(g) ** 2) / (g.visitors - 1));
  const difference = mean(exposed) - mean(holdout);
  const se = Math.sqrt(variance(exposed) / exposed.visitors + variance(holdout) / holdout.visitors);
  return {
    enough: true,
    exposedPerVisitor: mean(exposed),
    holdoutPerVisitor: mean(holdout),
    incrementalPerVisitor: difference,
    low: difference - 1.96 * se,
    high: difference + 1.96 * se,
  };
}

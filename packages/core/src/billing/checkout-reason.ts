import { compareAmounts } from './cents';
import type { CheckoutReason } from './types';

/** Why a checkout happened, for analytics (spec 01 §4). */

export interface CheckoutReasonFacts {
  /** The shop had an active subscription before this checkout. */
  hadActiveSubscription: boolean;
  /** Popclips access is limited right now (effectiveLimitAccess of the gating). */
  viewsLimited: boolean;
  /** Recurring price of the current subscription; null when none. */
  currentPrice: string | null;
  /** Recurring price of the new selection. */
  newPrice: string;
  /**
   * What brought the merchant to checkout: 'merchant' on their own (Subscription page, nav),
   * 'upgrade_prompt' from a gated action's upsell (import, carousel, watermark...), 'company'
   * when accepting a plan change we scheduled (pending subscription).
   */
  trigger: 'merchant' | 'upgrade_prompt' | 'company';
}

/**
 * In order: no earlier subscription → first_ever; views limited → upgrade_gated; a higher price
 * → upgrade_action (from an upsell) or upgrade_spontaneous; a lower price →
 * downgrade_companydriven (our change) or downgrade_userenforced; same price → other.
 */
export function checkoutReason(facts: CheckoutReasonFacts): CheckoutReason {
  if (!facts.hadActiveSubscription) return 'first_ever';
  if (facts.viewsLimited) return 'upgrade_gated';
  const direction = compareAmounts(facts.newPrice, facts.currentPrice ?? '0');
  if (direction > 0) {
    return facts.trigger === 'upgrade_prompt' ? 'upgrade_action' : 'upgrade_spontaneous';
  }
  if (direction < 0) {
    return facts.trigger === 'company' ? 'downgrade_companydriven' : 'downgrade_userenforced';
  }
  return 'other';
}

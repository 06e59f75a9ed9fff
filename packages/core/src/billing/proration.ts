import { formatDate } from '../format/dates';
import { formatCurrency } from '../format/money';
import { amountToCents, centsToAmount, compareAmounts, normaliseAmount } from './cents';
import { BILLING_INTERVAL_DAYS } from './constants';
import type { AdjustmentAmount } from './contract';

/**
 * Upgrade proration for GET adjustment-amount, the way Shopify applies an upgrade at once: a new
 * 30-day cycle starts now at the new price and the unused part of the current cycle is credited.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProrationInput {
  currentPlanPrice: string;
  newPlanPrice: string;
  /** End of the current paid cycle (ISO); null when there is none (nothing to credit). */
  currentPeriodEnd: string | null;
  now: Date;
}

/** The adjustment-amount call applies only to upgrades (spec 01 §7). */
export function isUpgradePrice(currentPlanPrice: string, newPlanPrice: string): boolean {
  return compareAmounts(newPlanPrice, currentPlanPrice) > 0;
}

/**
 * Whole days left in the cycle, 0..30. A started day counts as left (rounded up), so the merchant
 * is never charged for a day they did not get; the quote is also stable for the rest of the day.
 */
export function remainingCycleDays(currentPeriodEnd: string | null, now: Date): number {
  if (currentPeriodEnd === null) return 0;
  const left = Math.ceil((Date.parse(currentPeriodEnd) - now.getTime()) / DAY_MS);
  if (Number.isNaN(left)) return 0;
  return Math.min(BILLING_INTERVAL_DAYS, Math.max(0, left));
}

/** adjustment = new − current × remainingDays / 30, to the cent, never below 0. */
export function prorateUpgrade(input: ProrationInput): AdjustmentAmount {
  const days = remainingCycleDays(input.currentPeriodEnd, input.now);
  const creditCents = Math.round(
    (amountToCents(input.currentPlanPrice) * days) / BILLING_INTERVAL_DAYS,
  );
  const adjustmentCents = Math.max(0, amountToCents(input.newPlanPrice) - creditCents);
  return {
    adjustmentAmount: centsToAmount(adjustmentCents),
    nextBillingDate: new Date(input.now.getTime() + BILLING_INTERVAL_DAYS * DAY_MS).toISOString(),
    newPlanPrice: normaliseAmount(input.newPlanPrice),
    currentPlanPrice: normaliseAmount(input.currentPlanPrice),
  };
}

/**
 * A downgrade as Shopify applies a replacement at once (APPLY_IMMEDIATELY): the lower plan starts
 * now, nothing is charged today, and the merchant gets an app credit of the price difference for
 * the days left of the cycle: (current − new) × days / 30, to the cent.
 */
export function prorateDowngrade(input: ProrationInput): AdjustmentAmount {
  const days = remainingCycleDays(input.currentPeriodEnd, input.now);
  const differenceCents = amountToCents(input.currentPlanPrice) - amountToCents(input.newPlanPrice);
  const creditCents = Math.max(0, Math.round((differenceCents * days) / BILLING_INTERVAL_DAYS));
  return {
    adjustmentAmount: '0.00',
    nextBillingDate: new Date(input.now.getTime() + BILLING_INTERVAL_DAYS * DAY_MS).toISOString(),
    newPlanPrice: normaliseAmount(input.newPlanPrice),
    currentPlanPrice: normaliseAmount(input.currentPlanPrice),
    creditAmount: centsToAmount(creditCents),
    remainingDays: days,
  };
}

/** The downgrade's explanation in the confirmation modal: when it applies, what the rest earns. */
export function downgradeText(adjustment: AdjustmentAmount, currencyCode = 'USD'): string {
  const recurring = formatCurrency(adjustment.newPlanPrice, currencyCode);
  const days = adjustment.remainingDays ?? 0;
  const credit = formatCurrency(adjustment.creditAmount ?? '0.00', currencyCode);
  const unused =
    days > 0
      ? `For the ${days === 1 ? '1 day' : `${days} days`} left in your current ${BILLING_INTERVAL_DAYS}-day cycle, Shopify credits the price difference, ${credit}, to your next Shopify bill.`
      : 'Nothing is left of your current cycle to credit.';
  return `The new plan applies as soon as you approve it, and nothing is charged today. ${unused} After that, ${recurring} is billed every ${BILLING_INTERVAL_DAYS} days.`;
}

/** The explanation under the confirmation modal (spec 01 §9: billing is every 30 days). */
export function proratedChargeText(adjustment: AdjustmentAmount, currencyCode = 'USD'): string {
  const today = formatCurrency(adjustment.adjustmentAmount, currencyCode);
  const recurring = formatCurrency(adjustment.newPlanPrice, currencyCode);
  const next = formatDate(adjustment.nextBillingDate);
  return `You will be charged a prorated ${today} today, credited for the unused part of your current plan. After that, ${recurring} is billed every ${BILLING_INTERVAL_DAYS} days, next on ${next}.`;
}

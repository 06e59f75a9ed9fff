import type { FeatureId } from '../shop/types';
import type { DiscountCode } from './catalogue';
import { amountToCents, centsToAmount } from './cents';
import type { DiscountCodeInfo } from './contract';

/** Discount codes: validity and the price math (spec 01 §4, §5); normalising is discount-code.ts. */

export type DiscountCodeStatus = 'active' | 'not_started' | 'expired' | 'exhausted';

/** startsAt inclusive, endsAt exclusive; redemptions = completed uses so far. */
export function discountCodeStatus(
  code: Pick<DiscountCode, 'startsAt' | 'endsAt' | 'maxRedemptions'>,
  now: Date,
  redemptions: number,
): DiscountCodeStatus {
  const time = now.getTime();
  if (time < Date.parse(code.startsAt)) return 'not_started';
  if (code.endsAt !== null && time >= Date.parse(code.endsAt)) return 'expired';
  if (code.maxRedemptions !== null && redemptions >= code.maxRedemptions) return 'exhausted';
  return 'active';
}

export function toDiscountCodeInfo(code: DiscountCode): DiscountCodeInfo {
  return {
    code: code.code,
    kind: code.kind,
    appliesTo: [...code.appliesTo],
    freePopclipsAddon: code.kind === 'free_popclips_addon',
  };
}

/** One recurring line of the order: the base plan (featureId null) or an add-on. */
export interface PricedLine {
  id: string;
  featureId: FeatureId | null;
  /** Catalogue price per 30 days. */
  amount: string;
}

export interface PricedOrder {
  /** amount is what the line costs after the free-add-on override; listAmount the catalogue's. */
  lines: (PricedLine & { listAmount: string })[];
  /** Sum of list prices. */
  subtotal: string;
  /** subtotal − total. */
  discount: string;
  /** Charged every 30 days; never below zero. */
  total: string;
  /** Fraction (0.2 for 20 percent) for Subscription.subscriptionDiscountPercentage; else null. */
  discountPercentage: number | null;
  /** False when a code was given but reduces nothing in this selection. */
  applied: boolean;
}

/**
 * Prices the selection with an optional (already validated) code:
 * - percentage: value percent of the lines whose feature is in appliesTo, rounded to the cent;
 * - fixed_amount: value off those lines, at most their sum;
 * - free_popclips_addon: every popclips add-on line costs 0 when the selection has a line of a
 *   feature in appliesTo (popclips and/or mobile).
 * A code that reduces nothing is not applied (the server answers the spec's "not applicable").
 */
export function priceOrder(lines: readonly PricedLine[], code: DiscountCode | null): PricedOrder {
  const subtotalCents = sumCents(lines);
  const eligible = lines.filter(
    (line) => line.featureId !== null && code?.appliesTo.includes(line.featureId),
  );
  let discountCents = 0;
  let freeLineIds = new Set<string>();
  if (code?.kind === 'percentage') {
    discountCents = Math.round((sumCents(eligible) * code.value) / 100);
  } else if (code?.kind === 'fixed_amount') {
    discountCents = Math.min(amountToCents(code.value), sumCents(eligible));
  } else if (code?.kind === 'free_popclips_addon' && eligible.length > 0) {
    const popclipsLines = lines.filter((line) => line.featureId === 'popclips');
    freeLineIds = new Set(popclipsLines.map((line) => line.id));
    discountCents = sumCents(popclipsLines);
  }
  const applied = discountCents > 0;
  return {
    lines: lines.map((line) => ({
      ...line,
      amount:
        applied && freeLineIds.has(line.id) ? '0.00' : centsToAmount(amountToCents(line.amount)),
      listAmount: centsToAmount(amountToCents(line.amount)),
    })),
    subtotal: centsToAmount(subtotalCents),
    discount: centsToAmount(discountCents),
    total: centsToAmount(subtotalCents - discountCents),
    discountPercentage: applied && code?.kind === 'percentage' ? code.value / 100 : null,
    applied,
  };
}

function sumCents(lines: readonly PricedLine[]): number {
  return lines.reduce((total, line) => total + amountToCents(line.amount), 0);
}

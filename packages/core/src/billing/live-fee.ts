import { currencyDigits } from '../analytics/minor-units';
import { LIVE_SUCCESS_FEE_PERCENT } from './constants';

/**
 * The live success fee (spec 01 §2.9, spec 03: "a commission of up to 5 percent applies to Live
 * and Replay sales"), charged as Shopify usage charges (issue 32). Money in integer minor units of
 * the order's currency; no float ever holds an amount.
 */

/** The usage line item's terms, shown to the merchant when approving the charge. */
export const LIVE_FEE_TERMS = `${LIVE_SUCCESS_FEE_PERCENT}% of sales from live shows and replays`;

/**
 * The most the live fee may bill per 30-day interval (the usage line item's capped amount), in
 * the subscription's currency: 5 % of 20,000.00 of live sales a month. Shopify refuses usage
 * charges above it; the merchant raises it by approving a new cap.
 */
export const LIVE_FEE_CAPPED_AMOUNT = '1000.00';

/**
 * 5 % of a revenue, rounded down to the minor unit: "up to 5 percent", so the fee never exceeds
 * it (half a cent of a fee is the merchant's). BigInt keeps the product exact at any size.
 */
export function liveFeeMinorUnits(revenueMinorUnits: number): number {
  if (!Number.isSafeInteger(revenueMinorUnits) || revenueMinorUnits < 0) {
    throw new RangeError(`Not a revenue in minor units: ${revenueMinorUnits}`);
  }
  return Number((BigInt(revenueMinorUnits) * BigInt(LIVE_SUCCESS_FEE_PERCENT)) / 100n);
}

/** 1999 USD → '19.99'; 1000 JPY → '1000'; 1234 KWD → '1.234'. The inverse of amountToMinorUnits. */
export function minorUnitsToAmount(minorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(minorUnits) || minorUnits < 0) {
    throw new RangeError(`Not an amount in minor units: ${minorUnits}`);
  }
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minorUnits);
  const text = String(minorUnits).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A show id as the live service makes them: letters, digits, '-' and '_', up to 64. The line
 * property is written by the storefront, so anything else (markup, a paragraph, an empty value) is
 * not a show and credits nothing.
 */
const SHOW_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isWellFormedShowId(value: string | null | undefined): value is string {
  return typeof value === 'string' && SHOW_ID_PATTERN.test(value);
}

export interface LiveFeeLine {
  /** The show the line's product was added to cart from (its line property), if any. */
  showId: string | null;
  /** Price × quantity less the line's discounts, in minor units. */
  revenueMinorUnits: number;
}

export interface LiveFee {
  /** The show credited: the first well-formed show id of the order's lines. */
  showId: string;
  /** What the credited lines add up to, in minor units. */
  revenueMinorUnits: number;
  feeMinorUnits: number;
}

/**
 * The order's live fee: 5 % of the lines added from a live show or its replay, rounded down once
 * over their sum (not per line, so splitting an order's lines changes nothing). Null when no line
 * names a well-formed show.
 */
export function liveFeeOfOrder(lines: readonly LiveFeeLine[]): LiveFee | null {
  const credited = lines.filter((line) => isWellFormedShowId(line.showId));
  const [first] = credited;
  if (!first?.showId) return null;
  const revenue = credited.reduce((sum, line) => sum + line.revenueMinorUnits, 0);
  if (!Number.isSafeInteger(revenue)) throw new RangeError('Live revenue too large');
  return {
    showId: first.showId,
    revenueMinorUnits: revenue,
    feeMinorUnits: liveFeeMinorUnits(revenue),
  };
}

/** The usage record's idempotency key: one per shop and order, so a retry never bills twice. */
export function liveFeeIdempotencyKey(shopId: string, orderId: string): string {
  return `popstage-live-fee:${shopId}:${orderId}`;
}

/** The usage record's description on the merchant's bill. */
export function liveFeeDescription(orderName: string, showId: string): string {
  return `Live sales fee (${LIVE_SUCCESS_FEE_PERCENT}%) for order ${orderName}, show ${showId}`.slice(
    0,
    255,
  );
}

/** The admin's Live sales fees card (Subscription page). */
export const LIVE_FEE_TEXT = {
  title: 'Live sales fees',
  intro: `A ${LIVE_SUCCESS_FEE_PERCENT}% success fee applies to sales from live shows and replays. It is billed by Shopify as a usage charge on your subscription.`,
  empty: 'No live sales yet.',
  columns: ['Order', 'Show', 'Live sales', 'Fee', 'Status', 'Charged'],
  status: { pending: 'Pending', charged: 'Charged', not_billable: 'Not billed' },
  reasons: {
    no_usage_line_item: 'Your plan has no live selling charge',
    currency_mismatch: 'The order is in another currency than your Shopify bill',
    below_minimum: 'The fee is below one cent',
  } as Record<string, string>,
} as const;

/** 'Balance used: $11.50 of $1,000.00 this billing period' from formatted amounts. */
export function liveFeeBalanceText(used: string, capped: string): string {
  return `Balance used: ${used} of ${capped} this billing period`;
}

/**
 * Money math in integer cents. Amounts travel as decimal strings ('29.99'); every rule converts
 * them to cents, computes with integers and converts back, so no float ever reaches a result.
 */

/** A non-negative decimal amount with up to two decimals, e.g. '29.99', '30', '0.5'. */
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

export function isAmount(value: string): boolean {
  return AMOUNT_PATTERN.test(value.trim());
}

/** '29.99' → 2999. Throws on anything that is not a plain non-negative amount. */
export function amountToCents(amount: string): number {
  const match = AMOUNT_PATTERN.exec(amount.trim());
  if (!match) throw new RangeError(`Not a money amount: '${amount}'`);
  const [, units = '0', fraction = ''] = match;
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 2999 → '29.99'; -150 → '-1.50'. Rounds a stray fraction of a cent to the nearest cent. */
export function centsToAmount(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Canonical two-decimal form: '30' → '30.00'. */
export function normaliseAmount(amount: string): string {
  return centsToAmount(amountToCents(amount));
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function compareAmounts(a: string, b: string): number {
  return Math.sign(amountToCents(a) - amountToCents(b));
}

export function amountAtLeast(amount: string, threshold: string): boolean {
  return compareAmounts(amount, threshold) >= 0;
}

export function isZeroAmount(amount: string): boolean {
  return amountToCents(amount) === 0;
}

export function sumAmounts(amounts: readonly string[]): string {
  return centsToAmount(amounts.reduce((total, amount) => total + amountToCents(amount), 0));
}

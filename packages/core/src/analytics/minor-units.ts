/**
 * Order money in integer minor units of its currency: cents for USD, yen for JPY (no decimals),
 * fils for KWD (three). The decimals per currency are ISO 4217's, as shipped with Intl.
 */

const digitsByCurrency = new Map<string, number>();

/** Minor-unit decimals of an ISO 4217 code: 'USD' → 2, 'JPY' → 0, 'KWD' → 3. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** A non-negative decimal amount as platforms send it: '19.99', '1000', '0.5'. */
export const DECIMAL_AMOUNT_PATTERN = /^\d{1,15}(?:\.\d{1,10})?$/;

/**
 * '19.99' USD → 1999, '1000' or '1000.00' JPY → 1000. Digits beyond the currency's minor unit
 * round half up ('0.125' USD → 13), with integers only so no float error reaches a total.
 */
export function amountToMinorUnits(amount: string, currency: string): number {
  const text = amount.trim();
  if (!DECIMAL_AMOUNT_PATTERN.test(text)) throw new RangeError(`Not a money amount: '${amount}'`);
  const digits = currencyDigits(currency);
  const [units = '0', fraction = ''] = text.split('.');
  const padded = fraction.padEnd(digits + 1, '0');
  const kept = Number(padded.slice(0, digits) || '0');
  const roundUp = Number(padded[digits]) >= 5 ? 1 : 0;
  const value = Number(units) * 10 ** digits + kept + roundUp;
  if (!Number.isSafeInteger(value)) throw new RangeError(`Amount too large: '${amount}'`);
  return value;
}

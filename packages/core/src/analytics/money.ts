import { currencyDigits } from './minor-units';

/** Minor units back to a decimal amount: 1999 USD → '19.99', 1000 JPY → '1000', -5 → '-0.05'. */
export function minorUnitsToAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

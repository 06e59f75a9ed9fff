import { amountToCents } from '../billing/cents';

/** Price display (spec 01 §9): zero is 'Free', others carry the currency, monthly ones '/month'. */

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currencyCode: string): Intl.NumberFormat {
  let formatter = formatters.get(currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });
    formatters.set(currencyCode, formatter);
  }
  return formatter;
}

/** '29.99' → '$29.99', '0' → '$0.00' (for totals and discounts, where 'Free' would read oddly). */
export function formatCurrency(amount: string, currencyCode = 'USD'): string {
  // Cents / 100 is exact enough for display: Intl rounds to the currency's two decimals.
  return currencyFormatter(currencyCode).format(amountToCents(amount) / 100);
}

/** '0.00' → 'Free', '29.99' → '$29.99'. */
export function formatPrice(amount: string, currencyCode = 'USD'): string {
  return amountToCents(amount) === 0 ? 'Free' : formatCurrency(amount, currencyCode);
}

/** '0.00' → 'Free', '29.99' → '$29.99/month'. */
export function formatMonthlyPrice(amount: string, currencyCode = 'USD'): string {
  return amountToCents(amount) === 0 ? 'Free' : `${formatCurrency(amount, currencyCode)}/month`;
}

/** Display helpers of Insights (amounts arrive as decimal strings of the shop's currency). */

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: string, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(Number(amount));
}

export const formatCount = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** '+12.5%', '−3%', or '—' when there is no base to compare with. */
export function formatChange(value: number | null): string {
  if (value === null) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value)}%`;
}

/** Change in percent between two numbers (null without a base). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

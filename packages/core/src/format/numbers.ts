/** Number display, en-US like the rest of the admin (spec 01 §9). */

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 15000 → '15,000'. */
export function formatNumber(value: number): string {
  return GROUPED.format(value);
}

/** K/M/B/T abbreviations with at most one decimal: 1500 → '1.5K', 2000000 → '2M', 999 → '999'. */
export function formatCompactNumber(value: number): string {
  return COMPACT.format(value);
}

/**
 * A count with its noun, compact, one plural rule for admin and storefront: 1 → '1 view',
 * 0 → '0 views', 2 → '2 views', 1500 → '1.5K views'. Only exactly one is singular.
 */
export function formatCount(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatCompactNumber(value)} ${value === 1 ? noun : plural}`;
}

/** Date display: '2026-11-20T10:00:00Z' → 'Nov 20, 2026'. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * UTC by default so that server, admin and tests agree and a date-only ISO string ('2026-11-20')
 * never shifts a day; pass the shop's time zone where local dates matter. Invalid or missing
 * input gives '' rather than throwing inside a render.
 */
export function formatDate(value: string | Date | null | undefined, timeZone = 'UTC'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormatter(timeZone).format(date);
}

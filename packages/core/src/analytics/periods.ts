/**
 * Calendar rules of Insights (docs/decisions.md "Insights"): days, ISO weeks and calendar months
 * in the shop's time zone. Days are 'YYYY-MM-DD' strings of the shop's calendar; arithmetic on
 * them is done in UTC so no host time zone leaks in.
 */

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant in a time zone (IANA name). */
export function localDay(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Days from `from` to `to`, both included (1 when equal). */
export function daysInRange(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}

/** Every day of [from, to] in order. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The period of the same length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysInRange(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** ISO 8601 week of a day: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(day: string): { year: number; week: number; start: string } {
  const ms = toUtc(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = fromUtc(ms - weekday * DAY_MS);
  const thursday = new Date(ms + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { year, week, start };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Calendar month of a day: month_no 1-12, 'November 2026', and its first day. */
export function calendarMonth(day: string): {
  year: number;
  month: number;
  label: string;
  start: string;
} {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return {
    year,
    month,
    label: `${MONTH_NAMES[month - 1]} ${year}`,
    start: `${day.slice(0, 7)}-01`,
  };
}

/** Change from `previous` to `current` in percent, one decimal; null when there is no base. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** `part` of `whole` in percent, one decimal; 0 when the whole is 0. */
export function sharePercent(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/** Whether a string is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

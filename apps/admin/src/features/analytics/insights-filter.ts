import {
  ATTRIBUTION_WINDOW_DAYS,
  type AttributionWindowDays,
  addDays,
  calendarMonth,
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  localDay,
  nextMonth,
} from '@popstage/core/analytics';
import type { InsightsFilter } from './data';

/** The range presets of the date picker; 'custom' uses the from and to fields. */
export const RANGE_PRESETS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

export const WINDOW_OPTIONS = ATTRIBUTION_WINDOW_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

/** The filter as the URL keeps it (?range=&from=&to=&window=&compare=). */
export function readFilter(params: URLSearchParams, timeZone: string | undefined, now: Date) {
  const preset = (RANGE_PRESETS.find((p) => p.value === params.get('range'))?.value ??
    '30') as RangePreset;
  const windowParam = Number(params.get('window'));
  const window = (ATTRIBUTION_WINDOW_DAYS as readonly number[]).includes(windowParam)
    ? (windowParam as AttributionWindowDays)
    : DEFAULT_ATTRIBUTION_WINDOW_DAYS;
  const compare = params.get('compare') === '1';
  const filter: InsightsFilter = { window, compare, ...presetRange(preset, params, timeZone, now) };
  return { preset, filter };
}

function presetRange(
  preset: RangePreset,
  params: URLSearchParams,
  timeZone: string | undefined,
  now: Date,
): { from?: string; to?: string } {
  const valid = (day: string | null) => (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined);
  if (preset === 'custom') {
    const from = valid(params.get('from'));
    const to = valid(params.get('to'));
    return from && to && from <= to ? { from, to } : {};
  }
  // The default (last 30 days) is the server's: the first load needs no time zone.
  if (preset === '30' || !timeZone) return {};
  const today = localDay(now, timeZone);
  if (preset === '7') return { from: addDays(today, -6), to: today };
  if (preset === '90') return { from: addDays(today, -89), to: today };
  const month = calendarMonth(today).start;
  if (preset === 'month') return { from: month, to: today };
  const lastMonth = calendarMonth(addDays(month, -1)).start;
  return { from: lastMonth, to: addDays(nextMonth(lastMonth), -1) };
}

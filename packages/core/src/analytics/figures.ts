import type { InsightsFigures, MonthlyItem, WeeklyItem } from './insights';
import { minorUnitsToAmount } from './money';
import { addDays, calendarMonth, changePercent, eachDay, isoWeek, sharePercent } from './periods';

/**
 * Figures of a day, a clip or a period as the rollups hold them (money in minor units). Weeks,
 * months and totals are sums of days: an order is placed on one day, so per-day order counts add
 * up to the period's.
 */
export interface Figures {
  impressions: number;
  views: number;
  likes: number;
  clicks: number;
  addToCarts: number;
  /** Orders with a line credited to Popclips (to the clip, for a clip's figures). */
  orders: number;
  directCents: number;
  indirectCents: number;
  influencedCents: number;
  /** Every order of the store (shop figures only). */
  storeOrders: number;
  storeSalesCents: number;
}

export function emptyFigures(): Figures {
  return {
    impressions: 0,
    views: 0,
    likes: 0,
    clicks: 0,
    addToCarts: 0,
    orders: 0,
    directCents: 0,
    indirectCents: 0,
    influencedCents: 0,
    storeOrders: 0,
    storeSalesCents: 0,
  };
}

export function addFigures(into: Figures, add: Partial<Figures>): Figures {
  for (const key of Object.keys(into) as (keyof Figures)[]) into[key] += add[key] ?? 0;
  return into;
}

export const creditedCents = (f: Figures) => f.directCents + f.indirectCents + f.influencedCents;

/** The figures of these days of a day-keyed map (missing days are zero). */
export function sumDays(days: ReadonlyMap<string, Figures>, from: string, to: string): Figures {
  const total = emptyFigures();
  for (const day of eachDay(from, to)) {
    const figures = days.get(day);
    if (figures) addFigures(total, figures);
  }
  return total;
}

/** The wire form: counts, and money as decimal strings of the currency. */
export function toWireFigures(f: Figures, currency: string): InsightsFigures {
  const money = (cents: number) => minorUnitsToAmount(cents, currency);
  return {
    impressions: f.impressions,
    views: f.views,
    likes: f.likes,
    clicks: f.clicks,
    add_to_carts: f.addToCarts,
    orders: f.orders,
    sales: money(creditedCents(f)),
    direct_sales: money(f.directCents),
    indirect_sales: money(f.indirectCents),
    influenced_sales: money(f.influencedCents),
  };
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * ISO weeks (Monday first, in the shop's calendar) that overlap [from, to], newest first. A
 * week's figures count only its days inside the range; its changes compare with the whole week
 * before (so `days` must hold the 7 days before `from`).
 */
export function weeklyItems(
  days: ReadonlyMap<string, Figures>,
  from: string,
  to: string,
  currency: string,
): WeeklyItem[] {
  const items: WeeklyItem[] = [];
  for (let start = isoWeek(from).start; start <= to; start = addDays(start, 7)) {
    const end = addDays(start, 6);
    const { week, year } = isoWeek(start);
    const inside = { from: later(start, from), to: earlier(end, to) };
    const f = sumDays(days, inside.from, inside.to);
    // The week before, over the same weekdays, so a partial week compares like with like.
    const before = sumDays(days, addDays(inside.from, -7), addDays(inside.to, -7));
    items.push({
      week_no: week,
      year,
      from: inside.from,
      to: inside.to,
      clicks: f.clicks,
      views: f.views,
      add_to_carts: f.addToCarts,
      orders: f.orders,
      sales: minorUnitsToAmount(creditedCents(f), currency),
      click_rate_percentage: sharePercent(f.clicks, f.views),
      conversion_percentage: sharePercent(f.orders, f.clicks),
      views_change_percentage: changePercent(f.views, before.views),
      clicks_change_percentage: changePercent(f.clicks, before.clicks),
      orders_change_percentage: changePercent(f.orders, before.orders),
      sales_change_percentage: changePercent(creditedCents(f), creditedCents(before)),
    });
  }
  return items.reverse();
}

/**
 * Calendar months that overlap [from, to], newest first, with the credited sales split by kind.
 * The change compares with the month before over the same days of the month (`days` must hold
 * the month before `from`'s month).
 */
export function monthlyItems(
  days: ReadonlyMap<string, Figures>,
  from: string,
  to: string,
  currency: string,
): MonthlyItem[] {
  const items: MonthlyItem[] = [];
  for (let start = calendarMonth(from).start; start <= to; start = nextMonth(start)) {
    const end = addDays(nextMonth(start), -1);
    const month = calendarMonth(start);
    const inside = { from: later(start, from), to: earlier(end, to) };
    const f = sumDays(days, inside.from, inside.to);
    // A whole month compares with the whole month before; part of one with the same days.
    const whole = inside.from === start && inside.to === end;
    const before = whole
      ? sumDays(days, monthBefore(start), addDays(start, -1))
      : sumDays(days, monthBefore(inside.from), monthBefore(inside.to));
    const total = creditedCents(f);
    const money = (cents: number) => minorUnitsToAmount(cents, currency);
    items.push({
      month_no: month.month,
      year: month.year,
      month_and_year: month.label,
      from: inside.from,
      to: inside.to,
      orders: f.orders,
      sales: money(total),
      direct_sales: money(f.directCents),
      indirect_sales: money(f.indirectCents),
      influenced_sales: money(f.influencedCents),
      direct_percentage: sharePercent(f.directCents, total),
      indirect_percentage: sharePercent(f.indirectCents, total),
      influenced_percentage: sharePercent(f.influencedCents, total),
      sales_change_percentage: changePercent(total, creditedCents(before)),
    });
  }
  return items.reverse();
}

/** First day of the month after the month of `day`. */
export function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The same day of the month before, clamped to that month's last day (Mar 31 → Feb 28). */
export function monthBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first =
    month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
  const last = addDays(`${day.slice(0, 7)}-01`, -1);
  const wanted = `${first.slice(0, 8)}${day.slice(8, 10)}`;
  return wanted > last ? last : wanted;
}

import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { ATTRIBUTION_WINDOW_DAYS, DEFAULT_ATTRIBUTION_WINDOW_DAYS } from './attribution-windows';

/**
 * Insights, the analytics dashboard (spec 02 §2 "Analytics dashboard", §3 "Analytics", §7): the
 * /dashboard/* calls keep the spec's paths and answer `data: { items, cursor, hasNextPage,
 * hasPreviousPage }`. Money is a decimal string in the shop's currency; days are the shop's
 * calendar days ('YYYY-MM-DD') in its time zone. Beyond the spec: a date range (from, to), a
 * comparison with the previous period of the same length, and the attribution window.
 */

/** Rows of the per-Popclip and per-carousel tables (spec 02 §9). */
export const DASHBOARD_PAGE_SIZE = 5;
/** Most rows one page may ask for (CSV exports read everything in pages of this size). */
export const DASHBOARD_MAX_PAGE_SIZE = 500;
/** Default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** Longest range one call may ask for (13 months, the raw events' default retention). */
export const MAX_RANGE_DAYS = 400;

/** The spec's empty texts: tables without rows, and the embedded report when it cannot load. */
export const INSIGHTS_TEXT = {
  noData: 'No data available',
  reportNotFound: 'Data not found',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD');

/** Every dashboard call: shop_id must be the session's shop (403 otherwise). */
export const dashboardQuerySchema = z.object({
  shop_id: z.string().trim().min(1).max(255),
  /** First and last day of the range, both included (shop calendar); default the last 30 days. */
  from: day.optional(),
  to: day.optional(),
  /** Attribution window in days: 1, 7 or 30 (default 7). */
  window: z.coerce
    .number()
    .pipe(z.union(ATTRIBUTION_WINDOW_DAYS.map((days) => z.literal(days))))
    .default(DEFAULT_ATTRIBUTION_WINDOW_DAYS),
  /** Also answer the previous period of the same length. */
  compare: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const pagedDashboardQuerySchema = dashboardQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(DASHBOARD_MAX_PAGE_SIZE).default(DASHBOARD_PAGE_SIZE),
  /** Opaque, from a previous answer. */
  cursor: z.string().max(64).optional(),
  searchValue: z.string().trim().max(200).optional(),
});
export type PagedDashboardQuery = z.infer<typeof pagedDashboardQuerySchema>;

/** Storefront engagement of a period. */
const engagement = {
  impressions: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  clicks: z.number().int(),
  add_to_carts: z.number().int(),
};
/** Orders and sales credited to Popclips in the chosen window, split by kind. */
const credited = {
  orders: z.number().int(),
  sales: z.string(),
  direct_sales: z.string(),
  indirect_sales: z.string(),
  influenced_sales: z.string(),
};
const figures = z.object({ ...engagement, ...credited });
export type InsightsFigures = z.infer<typeof figures>;

/** Where a period's figures come from: the shop's calendar and the attribution window. */
const periodFacts = {
  currency: z.string(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  window_days: z.number().int(),
};

export const summaryItemSchema = figures.extend({
  ...periodFacts,
  popclips_uploaded: z.number().int(),
  /** Every order of the store in the period, credited or not. */
  store_orders: z.number().int(),
  store_sales: z.string(),
  previous: figures
    .extend({
      from: z.string(),
      to: z.string(),
      popclips_uploaded: z.number().int(),
      store_orders: z.number().int(),
      store_sales: z.string(),
    })
    .nullable(),
});
export type SummaryItem = z.infer<typeof summaryItemSchema>;

export const weeklyItemSchema = z.object({
  /** ISO week number; weeks start on Monday in the shop's time zone. */
  week_no: z.number().int(),
  year: z.number().int(),
  /** The week's days inside the range. */
  from: z.string(),
  to: z.string(),
  clicks: z.number().int(),
  views: z.number().int(),
  add_to_carts: z.number().int(),
  orders: z.number().int(),
  sales: z.string(),
  /** Clicks per view. */
  click_rate_percentage: z.number(),
  /** Credited orders per click. */
  conversion_percentage: z.number(),
  /** Change against the week before (null without a base). */
  views_change_percentage: z.number().nullable(),
  clicks_change_percentage: z.number().nullable(),
  orders_change_percentage: z.number().nullable(),
  sales_change_percentage: z.number().nullable(),
});
export type WeeklyItem = z.infer<typeof weeklyItemSchema>;

export const monthlyItemSchema = z.object({
  month_no: z.number().int(),
  year: z.number().int(),
  month_and_year: z.string(),
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  sales: z.string(),
  direct_sales: z.string(),
  indirect_sales: z.string(),
  influenced_sales: z.string(),
  direct_percentage: z.number(),
  indirect_percentage: z.number(),
  influenced_percentage: z.number(),
  /** Change against the month before (null without a base). */
  sales_change_percentage: z.number().nullable(),
});
export type MonthlyItem = z.infer<typeof monthlyItemSchema>;

const previousFigures = figures.nullable();

export const popclipStatsItemSchema = figures.extend({
  popclip_id: z.string(),
  popclip_title: z.string(),
  currency: z.string(),
  previous: previousFigures,
});
export type PopclipStatsItem = z.infer<typeof popclipStatsItemSchema>;

export const carouselStatsItemSchema = figures.extend({
  carousel_id: z.string(),
  carousel_title: z.string(),
  /** Clips in the carousel; its figures are theirs added up. */
  popclips: z.number().int(),
  currency: z.string(),
  previous: previousFigures,
});
export type CarouselStatsItem = z.infer<typeof carouselStatsItemSchema>;

export const dailyItemSchema = figures.extend({ day: z.string() });
export type DailyItem = z.infer<typeof dailyItemSchema>;

/** The spec's answer shape. */
export function pagedAnswer<T extends z.ZodType>(item: T) {
  return dataAnswer(
    z.object({
      items: z.array(item),
      cursor: z.string().nullable(),
      hasNextPage: z.boolean(),
      hasPreviousPage: z.boolean(),
    }),
  );
}

export const creditedOrderSchema = z.object({
  order_id: z.string(),
  name: z.string(),
  ordered_at: z.string(),
  kind: z.enum(['direct', 'indirect', 'influenced']),
  product_id: z.string(),
  quantity: z.number().int(),
  revenue: z.string(),
});

export const popclipDetailSchema = z.object({
  ...periodFacts,
  popclip_id: z.string(),
  popclip_title: z.string(),
  /** Impressions → plays (views) → product clicks → add to cart → orders. */
  funnel: figures,
  previous: previousFigures,
  /** The orders the clip was credited on in the period, newest first (at most 200). */
  orders: z.array(creditedOrderSchema),
});
export type PopclipDetail = z.infer<typeof popclipDetailSchema>;

/** GET /api/shopify/shop/cs-reports (spec 02 §7). */
export const csReportsQuerySchema = z.object({
  dashboardId: z.string().trim().max(64).optional(),
  subdomain: z.string().trim().max(64).optional(),
});
export const csReportsAnswerSchema = dataAnswer(
  z.object({ url: z.string(), expiresAt: z.string() }),
);

/** Minutes a signed report URL stays valid. */
export const REPORT_URL_MINUTES = 15;

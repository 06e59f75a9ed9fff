export { attributeOrder } from './attribute-order';
export type { AttributionKind, OrderSource } from './attribution-kinds';
export type { AttributionWindowDays } from './attribution-windows';
export {
  ATTRIBUTION_WINDOW_DAYS,
  attributionLookbackHours,
  attributionWindowsFor,
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
} from './attribution-windows';
export { CLIP_LINE_PROPERTY, SHOW_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from './cart-keys';
export type {
  AppEventsQuery,
  ClipLikes,
  ClipViews,
  HoldoutAnswer,
  OrderSkipReason,
  StoredAppEvent,
} from './contract';
export { analyticsContract } from './contract';
export { toCsv } from './csv';
export type { AnalyticsIngestBody, AnalyticsStream, AppEvent } from './events';
export { ANALYTICS_STREAMS } from './events';
export type { Figures } from './figures';
export {
  addFigures,
  creditedCents,
  emptyFigures,
  monthBefore,
  monthlyItems,
  nextMonth,
  sumDays,
  toWireFigures,
  weeklyItems,
} from './figures';
export type { HoldoutGroup, HoldoutGroupName } from './holdout';
export { HOLDOUT_PERCENTS, holdoutEstimate, inHoldout } from './holdout';
export type {
  CarouselStatsItem,
  DailyItem,
  DashboardQuery,
  InsightsFigures,
  MonthlyItem,
  PagedDashboardQuery,
  PopclipDetail,
  PopclipStatsItem,
  SummaryItem,
  WeeklyItem,
} from './insights';
export {
  DASHBOARD_MAX_PAGE_SIZE,
  DASHBOARD_PAGE_SIZE,
  DEFAULT_RANGE_DAYS,
  INSIGHTS_TEXT,
  MAX_RANGE_DAYS,
  REPORT_URL_MINUTES,
} from './insights';
export { minorUnitsToAmount } from './money';
export type { ClipInteraction, LineAttribution, OrderInput, OrderLineInput } from './order-input';
export {
  addDays,
  calendarMonth,
  changePercent,
  daysInRange,
  eachDay,
  isoWeek,
  isTimeZone,
  localDay,
  previousPeriod,
  sharePercent,
} from './periods';

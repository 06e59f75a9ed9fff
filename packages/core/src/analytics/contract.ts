import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import { webhookAnswerSchema } from '../contract/webhook';
import { ANALYTICS_STREAMS, analyticsIngestBodySchema, appEventSchema } from './events';
import { HOLDOUT_MAX_PERCENT } from './holdout';
import {
  carouselStatsItemSchema,
  csReportsAnswerSchema,
  csReportsQuerySchema,
  dailyItemSchema,
  dashboardQuerySchema,
  monthlyItemSchema,
  pagedAnswer,
  pagedDashboardQuerySchema,
  popclipDetailSchema,
  popclipStatsItemSchema,
  summaryItemSchema,
  weeklyItemSchema,
} from './insights';
import { shopifyOrderInputSchema } from './shopify-order';

/**
 * Analytics calls (docs/api.md): the admin's app events and product analytics (spec 03 §7), the
 * views and likes of clips (spec 02 §7) and the orders/create webhook that credits sales to clips.
 */

/** GET /api/analytics/app-events: the shop's stored events, newest first. */
export const appEventsQuerySchema = z.object({
  stream: z.enum(ANALYTICS_STREAMS).optional(),
  category: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AppEventsQuery = z.infer<typeof appEventsQuerySchema>;

/** An event as stored: what was sent (shopId included when sent) plus the server's fields. */
export const storedAppEventSchema = appEventSchema.extend({
  id: z.number(),
  stream: z.enum(ANALYTICS_STREAMS),
  /** ISO 8601: as sent, or when it was received. */
  occurredAt: z.string(),
  receivedAt: z.string(),
});
export type StoredAppEvent = z.infer<typeof storedAppEventSchema>;

const ingestAnswer = z.object({ accepted: z.number().int() });

/** Clip metaIdentifiers asked about (unknown ones answer 0). */
const clipIds = z.array(z.string().trim().min(1).max(128)).max(500);

/** customer_id must be the session's shop (403 otherwise). */
export const clipViewsBodySchema = z.object({ customer_id: z.string().min(1), clip_ids: clipIds });

/** user_id is accepted and unused (spec 02 §7). */
export const clipLikesBodySchema = clipViewsBodySchema.extend({
  user_id: z.string().max(256).optional(),
});

export const clipViewsSchema = z.object({ clip_id: z.string(), clip_total_views: z.number() });
export type ClipViews = z.infer<typeof clipViewsSchema>;
export const clipLikesSchema = z.object({ clip_id: z.string(), likes: z.number() });
export type ClipLikes = z.infer<typeof clipLikesSchema>;

/** Why an order was acknowledged without storing anything. */
export const ORDER_SKIP_REASONS = ['unknown_shop', 'test_order', 'cancelled'] as const;
export type OrderSkipReason = (typeof ORDER_SKIP_REASONS)[number];

/** orders/create: how the order was taken and how many of its lines were credited to clips. */
export const orderWebhookAnswerSchema = webhookAnswerSchema(
  z.object({
    /** recorded: stored now; duplicate: the order id was stored before (counted once). */
    outcome: z.enum(['recorded', 'duplicate', 'skipped']),
    reason: z.enum(ORDER_SKIP_REASONS).optional(),
    attributedLines: z.number().int(),
  }),
);

const holdoutGroupSchema = z.object({
  visitors: z.number().int(),
  orders: z.number().int(),
  /** Revenue of the group's orders, shop currency, minor units. */
  revenue: z.number(),
});

/** The holdout test: its share, since when it runs, each group, and the estimate when there is one. */
export const holdoutAnswerSchema = z.object({
  percent: z.number().int(),
  /** ISO 8601; null while off. Groups count visitors first seen since then. */
  startedAt: z.string().nullable(),
  currency: z.string(),
  exposed: holdoutGroupSchema,
  holdout: holdoutGroupSchema,
  /** Minor units per visitor, with the 95 % interval; null until there is enough data. */
  estimate: z
    .object({
      exposedPerVisitor: z.number(),
      holdoutPerVisitor: z.number(),
      incrementalPerVisitor: z.number(),
      low: z.number(),
      high: z.number(),
    })
    .nullable(),
});
export type HoldoutAnswer = z.infer<typeof holdoutAnswerSchema>;

export const holdoutBodySchema = z.object({
  percent: z.number().int().min(0).max(HOLDOUT_MAX_PERCENT),
});

export const analyticsContract = {
  holdout: defineRoute({
    method: 'GET',
    path: '/api/analytics/holdout',
    response: holdoutAnswerSchema,
    summary: 'The holdout test: share held out, groups and incremental revenue per visitor',
  }),
  setHoldout: defineRoute({
    method: 'PUT',
    path: '/api/analytics/holdout',
    body: holdoutBodySchema,
    response: holdoutAnswerSchema,
    summary: 'Start, change or stop the holdout test (a new share starts a new test)',
  }),
  attributionAccess: defineRoute({
    method: 'GET',
    path: '/api/analytics/attribution-access',
    response: z.object({ ordersAccess: z.boolean() }),
    summary:
      'Whether Shopify lets the app read orders (protected customer data): sales attribution needs it',
  }),
  appEvents: defineRoute({
    method: 'GET',
    path: '/api/analytics/app-events',
    query: appEventsQuerySchema,
    response: dataAnswer(z.array(storedAppEventSchema)),
    summary: "The shop's app events and product analytics, newest first",
  }),
  ingestAppEvents: defineRoute({
    method: 'PUT',
    path: '/ingest/appevents',
    body: analyticsIngestBodySchema,
    response: ingestAnswer,
    status: 202,
    summary: 'Store app events (the data lake when no external one is configured)',
  }),
  ingestProductAnalytics: defineRoute({
    method: 'PUT',
    path: '/ingest/productanalytics',
    body: analyticsIngestBodySchema,
    response: ingestAnswer,
    status: 202,
    summary: 'Store product analytics events',
  }),
  clipViews: defineRoute({
    method: 'POST',
    path: '/api/popclips/views/fetch',
    body: clipViewsBodySchema,
    response: dataAnswer(z.array(clipViewsSchema)),
    summary: 'All-time views of each asked clip',
  }),
  clipLikes: defineRoute({
    method: 'POST',
    path: '/api/popclips/likes/fetch',
    body: clipLikesBodySchema,
    response: dataAnswer(z.array(clipLikesSchema)),
    summary: 'Likes of each asked clip',
  }),
  /** Shopify's ORDERS_CREATE (HMAC-verified; the body is read only after the signature check). */
  orderCreated: defineRoute({
    method: 'POST',
    path: '/webhooks/orders/create',
    body: shopifyOrderInputSchema,
    response: orderWebhookAnswerSchema,
    summary: 'Record an order and credit its lines to clips',
  }),
  popclipsSummary: defineRoute({
    method: 'GET',
    path: '/dashboard/popclips-summary',
    query: dashboardQuerySchema,
    response: pagedAnswer(summaryItemSchema),
    summary: 'Insights: the totals of the range (one item), with the previous period on request',
  }),
  popclipsWeekly: defineRoute({
    method: 'GET',
    path: '/dashboard/popclips-weekly',
    query: dashboardQuerySchema,
    response: pagedAnswer(weeklyItemSchema),
    summary: 'Insights: ISO weeks of the range in the shop time zone, newest first',
  }),
  popclipsMonthly: defineRoute({
    method: 'GET',
    path: '/dashboard/popclips-monthly',
    query: dashboardQuerySchema,
    response: pagedAnswer(monthlyItemSchema),
    summary: 'Insights: calendar months of the range with the sales split, newest first',
  }),
  popclipsDaily: defineRoute({
    method: 'GET',
    path: '/dashboard/popclips-daily',
    query: dashboardQuerySchema,
    response: pagedAnswer(dailyItemSchema),
    summary: 'Insights: every day of the range, oldest first (the charts)',
  }),
  popclipsStats: defineRoute({
    method: 'GET',
    path: '/dashboard/popclips-stats',
    query: pagedDashboardQuerySchema,
    response: pagedAnswer(popclipStatsItemSchema),
    summary: 'Insights: per-Popclip figures, most viewed first, searchable by title',
  }),
  carouselsStats: defineRoute({
    method: 'GET',
    path: '/dashboard/carousels-stats',
    query: pagedDashboardQuerySchema,
    response: pagedAnswer(carouselStatsItemSchema),
    summary: "Insights: per-carousel figures (its clips' figures added up)",
  }),
  popclipDetail: defineRoute({
    method: 'GET',
    path: '/dashboard/popclips/:popclipId',
    params: z.object({ popclipId: z.string().trim().min(1).max(128) }),
    query: dashboardQuerySchema,
    response: dataAnswer(popclipDetailSchema),
    summary: 'Insights: one clip: its funnel and the orders it was credited on',
  }),
  csReports: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/cs-reports',
    query: csReportsQuerySchema,
    response: csReportsAnswerSchema,
    summary: 'A signed, expiring URL of the read-only Insights report page',
  }),
};

import { z } from 'zod';

/** App events and product analytics the admin sends (spec 03 §7), validated on both sides. */
export const ANALYTICS_STREAMS = ['appevents', 'productanalytics'] as const;
export type AnalyticsStream = (typeof ANALYTICS_STREAMS)[number];

const shortText = z.string().trim().min(1).max(100);

export const appEventSchema = z.object({
  action: shortText,
  category: shortText,
  stage: shortText.optional(),
  cta: z
    .object({
      label: z.string().max(200).optional(),
      target: z.string().max(500).optional(),
      position: z.string().max(100).optional(),
    })
    .optional(),
  /** The shop's domain; when present it must be the session's shop. */
  shopId: z.string().max(255).optional(),
  sessionId: z.string().max(100).optional(),
  device: z
    .object({
      userAgent: z.string().max(500).optional(),
      language: z.string().max(35).optional(),
      timezone: z.string().max(64).optional(),
      screenWidth: z.number().int().min(0).max(100_000).optional(),
      screenHeight: z.number().int().min(0).max(100_000).optional(),
    })
    .optional(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 50, 'At most 50 properties')
    .optional(),
  occurredAt: z.iso.datetime().optional(),
});
export type AppEvent = z.infer<typeof appEventSchema>;

export const MAX_EVENTS_PER_BATCH = 100;

/** One event, or { events: [...] } with up to 100 of them. */
export const analyticsIngestBodySchema = z.union([
  z.object({ events: z.array(appEventSchema).min(1).max(MAX_EVENTS_PER_BATCH) }),
  appEventSchema,
]);
export type AnalyticsIngestBody = z.infer<typeof analyticsIngestBodySchema>;

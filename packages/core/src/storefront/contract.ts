import { z } from 'zod';
import { defineRoute } from '../contract/define';
import { playerPositionSchema } from '../placement/positions';
import { DISPLAY_TARGETS } from '../popclips/display';
import { SIGNED_VISITOR_ID, STOREFRONT_EVENTS_MAX } from './limits';

/**
 * The public storefront API (docs/api.md "Storefront (issue 7) — contract"): no session token,
 * CORS only for the shop's own origins, rate limited per IP. The widget is its one caller and
 * imports only the types below (its bundle must stay small: no zod at run time).
 */

/** Where the storefront API lives (the widget's script, the shops' feeds and events). */
export const STOREFRONT_PREFIX = '/storefront/v1';
/** Largest JSON body the storefront endpoints take (413 above). */
export const STOREFRONT_BODY_LIMIT_BYTES = 16 * 1024;
/** A visitor's views of one clip count once per this window. */
export const VIEW_DEDUPE_MINUTES = 30;

export const STOREFRONT_EVENT_TYPES = [
  'impression',
  'view',
  'like',
  'unlike',
  'click',
  'add_to_cart',
] as const;
export type StorefrontEventType = (typeof STOREFRONT_EVENT_TYPES)[number];

const id = z.string().trim().min(1).max(128);
/** Issued by the visitors route; the server also checks its signature. */
const visitorId = z.string().regex(SIGNED_VISITOR_ID, 'Unknown visitor');

export const storefrontEventSchema = z.object({
  type: z.enum(STOREFRONT_EVENT_TYPES),
  clipId: id,
  productId: z.string().trim().min(1).max(256).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type StorefrontEvent = z.infer<typeof storefrontEventSchema>;

export const storefrontEventsBodySchema = z.object({
  visitorId,
  sessionId: id.optional(),
  events: z.array(storefrontEventSchema).min(1).max(STOREFRONT_EVENTS_MAX),
});
export type StorefrontEventsBody = z.infer<typeof storefrontEventsBodySchema>;

export const storefrontEventsAnswerSchema = z.object({
  accepted: z.number().int(),
  deduped: z.number().int(),
  rejected: z.number().int(),
});
export type StorefrontEventsAnswer = z.infer<typeof storefrontEventsAnswerSchema>;

export const storefrontProductSchema = z.object({
  /** Product GID. */
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  /** Decimal string: the cheapest variant for sale. */
  price: z.string(),
  currencyCode: z.string(),
  variantId: z.string().nullable(),
  available: z.boolean(),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

export const storefrontClipSchema = z.object({
  /** The clip's metaIdentifier. */
  id: z.string(),
  title: z.string(),
  /** The default rendition (about 540p): never the merchant's original file. */
  videoUrl: z.string().nullable(),
  /** The rendition ladder, smallest first; the widget picks one (chooseSource). */
  sources: z.array(
    z.object({
      url: z.string(),
      width: z.number(),
      height: z.number(),
      bitsPerSecond: z.number(),
    }),
  ),
  /** WebP poster (JPEG for clips processed before renditions), the clip's shape. */
  posterUrl: z.string().nullable(),
  /** A silent 2.5 s MP4 loop for bubbles and tiles. */
  previewUrl: z.string().nullable(),
  /** WebVTT captions, one per language (issue 19). */
  captions: z.array(z.object({ language: z.string(), label: z.string(), url: z.string() })),
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  displayTargets: z.array(z.enum(DISPLAY_TARGETS)),
  /** Draft, archived and out-of-stock products are left out. */
  products: z.array(storefrontProductSchema),
  /** When the clip was uploaded (ISO 8601): schema.org VideoObject's required uploadDate. */
  uploadedAt: z.string(),
  /** Only when the settings and plan show views (likes). */
  views: z.number().optional(),
  likes: z.number().optional(),
});
export type StorefrontClip = z.infer<typeof storefrontClipSchema>;

const devicePositions = z.object({ mobile: playerPositionSchema, desktop: playerPositionSchema });
export const storefrontPositionsSchema = z.object({
  featured: devicePositions,
  miniplayer: devicePositions,
});
export type StorefrontPositions = z.infer<typeof storefrontPositionsSchema>;

export const storefrontFeedSchema = z.object({
  shop: z.object({ domain: z.string(), currency: z.string() }),
  settings: z.object({
    hidePopClipsOnPDP: z.boolean(),
    showViews: z.boolean(),
    showLikes: z.boolean(),
    buyButton: z.boolean(),
    watermark: z.boolean(),
    /** Insights' holdout test: the share of visitors who do not see the widget (0: off). */
    holdoutPercent: z.number(),
  }),
  positions: storefrontPositionsSchema,
  featured: storefrontClipSchema.nullable(),
  /** Processed, public clips, newest first (at most 200). */
  clips: z.array(storefrontClipSchema),
  /** Published carousels with their clips in order. */
  carousels: z.array(z.object({ id: z.string(), title: z.string(), clipIds: z.array(z.string()) })),
});
export type StorefrontFeed = z.infer<typeof storefrontFeedSchema>;

export const storefrontCarouselAnswerSchema = z.object({
  carousel: z.object({ id: z.string(), title: z.string() }),
  /** In the carousel's order. */
  clips: z.array(storefrontClipSchema),
});
export type StorefrontCarouselAnswer = z.infer<typeof storefrontCarouselAnswerSchema>;

export const storefrontLikesAnswerSchema = z.object({ likedClipIds: z.array(z.string()) });

export const storefrontVisitorAnswerSchema = z.object({ visitorId: z.string() });
/** Renewing: the visitor's id (expired or not), which keeps its visitor under a new expiry. */
export const storefrontVisitorBodySchema = z.object({ visitorId: visitorId.optional() }).nullish();

export const storefrontVisitBodySchema = z.object({ visitorId });
export const storefrontVisitAnswerSchema = z.object({
  /** The visitor's group in the running holdout test; null when no test runs. */
  group: z.enum(['exposed', 'holdout']).nullable(),
});

/**
 * The shop's live show as the storefront's live player gets it (issue 32): the show live now,
 * else the next scheduled one, else the newest replay still kept; null when there is none or the
 * shop's plan has no live selling. What happens during the show (pins, chat, viewers, status)
 * comes from the live service's viewer API at `publicApi` (@popstage/core/live, viewer-api.ts).
 */
export const storefrontLiveShowSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['scheduled', 'live', 'ended']),
  /** ISO start time the seller scheduled. */
  startsAt: z.string(),
  /** The show's public viewer API; null while scheduled and never started. */
  publicApi: z.string().nullable(),
  /** The live playlist while live, the replay's VOD playlist once ended. */
  hls: z.string().nullable(),
  /** The replay as one MP4 once made. */
  mp4: z.string().nullable(),
  lowLatency: z.boolean(),
});
export type StorefrontLiveShow = z.infer<typeof storefrontLiveShowSchema>;

export const storefrontLiveAnswerSchema = z.object({
  show: storefrontLiveShowSchema.nullable(),
  /** The show's products for sale, in the show's order (draft, archived, sold-out ones left out). */
  products: z.array(storefrontProductSchema),
});
export type StorefrontLiveAnswer = z.infer<typeof storefrontLiveAnswerSchema>;

/** How long a storefront may keep the live answer: a show going live shows within this. */
export const STOREFRONT_LIVE_CACHE_SECONDS = 15;

/** The shop's myshopify domain. */
const shopParams = z.object({ shop: z.string().min(1).max(255) });

/**
 * Every route answers 404 for an unknown, deactivated or uninstalled shop. The feed and the
 * carousel carry an ETag and `Cache-Control: public, max-age=60`, and answer 304 on a matching
 * If-None-Match.
 */
export const storefrontContract = {
  widget: defineRoute({
    method: 'GET',
    path: '/storefront/v1/widget.js',
    /** The built player script (text/javascript); 503 JSON when it has not been built. */
    response: z.string(),
    summary: 'The storefront player script',
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/storefront/v1/shops/:shop/feed',
    params: shopParams,
    response: storefrontFeedSchema,
    summary: "The shop's clips, settings, positions and published carousels",
  }),
  /**
   * A processed, public clip's silent loop (video/mp4) at a URL that lasts, where the media's
   * signed URLs last 6 hours: the app embed renders the featured bubble's loop from it (the
   * popstage.featured_bubble app-data metafield). `v`, the clip's processing version, makes each
   * version's URL its own, cached for a year; without it, for a minute. A `bytes=` range answers
   * 206 (Safari plays only from servers that do).
   */
  loop: defineRoute({
    method: 'GET',
    path: '/storefront/v1/shops/:shop/clips/:clipId/loop',
    params: shopParams.extend({ clipId: z.string().max(128) }),
    query: z.object({ v: z.string().max(32).optional() }),
    response: z.string(),
    summary: "A clip's preview loop at a stable URL (the featured bubble's)",
  }),
  /**
   * The shop's live show for the storefront's live player (theme block live-show): public,
   * `Cache-Control: public, max-age=STOREFRONT_LIVE_CACHE_SECONDS`.
   */
  live: defineRoute({
    method: 'GET',
    path: '/storefront/v1/shops/:shop/live',
    params: shopParams,
    response: storefrontLiveAnswerSchema,
    summary: "The shop's live, next or last show and its products",
  }),
  /** The live player script (text/javascript), fetched by the loader for a live-show block. */
  liveScript: defineRoute({
    method: 'GET',
    path: '/storefront/v1/live.js',
    response: z.string(),
    summary: 'The storefront live player script',
  }),
  /** hls.js (light), fetched by the live player only where the browser plays no HLS itself. */
  hlsScript: defineRoute({
    method: 'GET',
    path: '/storefront/v1/hls.js',
    response: z.string(),
    summary: "The live player's HLS engine (hls.js)",
  }),
  carousel: defineRoute({
    method: 'GET',
    path: '/storefront/v1/shops/:shop/carousels/:carouselId',
    params: shopParams.extend({ carouselId: z.string().max(64) }),
    response: storefrontCarouselAnswerSchema,
    summary: 'One published carousel with its clips in order',
  }),
  events: defineRoute({
    method: 'POST',
    path: '/storefront/v1/shops/:shop/events',
    params: shopParams,
    body: storefrontEventsBodySchema,
    response: storefrontEventsAnswerSchema,
    status: 202,
    summary: "A visitor's impressions, views, likes, clicks and add-to-carts",
  }),
  likes: defineRoute({
    method: 'GET',
    path: '/storefront/v1/shops/:shop/likes',
    params: shopParams,
    query: z.object({ visitorId }),
    response: storefrontLikesAnswerSchema,
    summary: 'The clips a visitor likes',
  }),
  /**
   * A new visitor id, signed for the shop: events and likes of any other id are refused, so a
   * client cannot invent visitors. Ids expire after VISITOR_ID_DAYS; sending one (expired or not)
   * renews it for the same visitor. Rate limited per address and hour.
   */
  visitor: defineRoute({
    method: 'POST',
    path: '/storefront/v1/shops/:shop/visitors',
    params: shopParams,
    body: storefrontVisitorBodySchema,
    response: storefrontVisitorAnswerSchema,
    status: 201,
    summary: 'Issue a signed visitor id',
  }),
  /**
   * While a holdout test runs, the widget reports each visitor once per session, in both groups,
   * so Insights can compare their revenue per visitor. The group is the server's (the visitor's
   * first), whatever the client thinks.
   */
  visit: defineRoute({
    method: 'POST',
    path: '/storefront/v1/shops/:shop/visits',
    params: shopParams,
    body: storefrontVisitBodySchema,
    response: storefrontVisitAnswerSchema,
    status: 202,
    summary: "Count a visitor in the running holdout test's groups",
  }),
};

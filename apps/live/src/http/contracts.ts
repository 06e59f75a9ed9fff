import { defineRoute } from '@popstage/core/contract';
import {
  CHAT_TEXT_MAX,
  chatMessageSchema,
  chatPostSchema,
  liveShowSchema as coreShowSchema,
  LIVE_SHOW_PRODUCTS_MAX,
  liveShowProductSchema,
  liveShowStateSchema,
  pinSchema,
  presenceSchema,
  scheduleShowSchema,
  viewerIdSchema,
} from '@popstage/core/live';
import { z } from 'zod';

/**
 * The live service's HTTP API (issue 32), under its mount (`/live-service` in the app):
 * the seller API the app calls with the API key, the studio's API with the seller's studio
 * token, and the public viewer API (packages/core/src/live/viewer-api.ts).
 */

// Postgres text cannot hold a NUL: such an id is a bad request, not a failed query (500).
const id = z
  .string()
  .min(1)
  .max(100)
  .refine((value) => !value.includes('\0'), 'Not an id');
const sellerParams = z.object({ sellerId: id });
const showParams = z.object({ sellerId: id, showId: id });

/** What the app sends for a seller (core's seller payload); the service keeps it whole. */
const sellerBody = z.looseObject({
  email: z.string().trim().min(3).max(320),
  phoneNumber: z.string().trim().min(4).max(32),
  shopifyDomain: z.string().trim().min(1).max(255),
});

/** A show as the service answers it: core's show and the products' snapshot. */
const liveShowSchema = coreShowSchema.extend({ products: z.array(liveShowProductSchema) });

/**
 * A show to schedule: core's fields and, from apps that send it, the products' titles and
 * pictures, one for each of productIds in the same order (productIds stays for older callers).
 */
const scheduleShowBody = scheduleShowSchema
  .extend({ products: z.array(liveShowProductSchema).max(LIVE_SHOW_PRODUCTS_MAX).optional() })
  .refine(
    ({ productIds, products }) =>
      !products ||
      (products.length === productIds.length &&
        products.every((product, i) => product.id === productIds[i])),
    { message: 'The products must be those of productIds, in the same order', path: ['products'] },
  );

const pinsAnswer = z.object({ pinned: z.string().nullable(), pins: z.array(pinSchema) });
const noContent = z.null().optional();

export const sellerApi = {
  createSeller: defineRoute({
    method: 'POST',
    path: '/v1/sellers',
    body: sellerBody,
    response: z.object({ sellerId: z.string(), dashboardUrl: z.url() }),
    status: 201,
    summary:
      'Creates a seller (once per Idempotency-Key header); 409 when the email or phone is taken',
  }),
  scheduleShow: defineRoute({
    method: 'POST',
    path: '/v1/sellers/:sellerId/shows',
    params: sellerParams,
    body: scheduleShowBody,
    response: z.object({ show: liveShowSchema }),
    status: 201,
    summary: "Schedules a show, with its products' titles and pictures for the studio",
  }),
  listShows: defineRoute({
    method: 'GET',
    path: '/v1/sellers/:sellerId/shows',
    params: sellerParams,
    response: z.object({ shows: z.array(liveShowSchema) }),
    summary: "The seller's shows, newest start first, expired replays left out",
  }),
  getShow: defineRoute({
    method: 'GET',
    path: '/v1/sellers/:sellerId/shows/:showId',
    params: showParams,
    response: z.object({ show: liveShowSchema }),
    summary: 'One show',
  }),
  deleteSeller: defineRoute({
    method: 'DELETE',
    path: '/v1/sellers/:sellerId',
    params: sellerParams,
    response: noContent,
    status: 204,
    summary:
      "Deletes the seller with every show, message and video (the shop's redaction); 204 also when already gone",
  }),
  replay: defineRoute({
    method: 'GET',
    path: '/v1/sellers/:sellerId/shows/:showId/replay',
    params: showParams,
    response: z.unknown(),
    summary: "The show's replay (MP4); 404 without one",
  }),
};

/** The studio's view of a message: with the viewer behind it, for Block. */
const studioMessage = chatMessageSchema.extend({ viewerId: z.string().nullable() });

export const studioApi = {
  shows: defineRoute({
    method: 'GET',
    path: '/v1/studio/:sellerId/shows',
    params: sellerParams,
    response: z.object({ storeName: z.string(), shows: z.array(liveShowSchema) }),
    summary: "The studio's list of the seller's shows",
  }),
  state: defineRoute({
    method: 'GET',
    path: '/v1/studio/:sellerId/shows/:showId',
    params: showParams,
    response: liveShowStateSchema.extend({ chat: z.array(studioMessage) }),
    summary: 'One show as the studio follows it (chat with viewer ids)',
  }),
  goLive: defineRoute({
    method: 'POST',
    path: '/v1/studio/:sellerId/shows/:showId/live',
    params: showParams,
    response: z.object({ ingest: z.string() }),
    summary:
      'Takes the show live; answers the WebSocket (with a ticket valid 2 minutes) the studio sends its camera to',
  }),
  end: defineRoute({
    method: 'POST',
    path: '/v1/studio/:sellerId/shows/:showId/end',
    params: showParams,
    response: z.object({ show: liveShowSchema }),
    summary: 'Ends the show; its replay is made',
  }),
  pin: defineRoute({
    method: 'POST',
    path: '/v1/studio/:sellerId/shows/:showId/pins',
    params: showParams,
    body: z.object({ productId: z.string().min(1).max(100).nullable() }).strict(),
    response: pinsAnswer,
    summary: 'Pins one of the show’s products, or unpins (null)',
  }),
  chat: defineRoute({
    method: 'POST',
    path: '/v1/studio/:sellerId/shows/:showId/chat',
    params: showParams,
    body: z
      .object({ text: z.string().trim().min(1, 'Write a message').max(CHAT_TEXT_MAX) })
      .strict(),
    response: z.object({ message: chatMessageSchema }),
    status: 201,
    summary: "The seller's message in the show's chat",
  }),
  hide: defineRoute({
    method: 'POST',
    path: '/v1/studio/:sellerId/shows/:showId/chat/:messageId/hide',
    params: showParams.extend({ messageId: id }),
    response: noContent,
    status: 204,
    summary: 'Hides a chat message',
  }),
  block: defineRoute({
    method: 'POST',
    path: '/v1/studio/:sellerId/shows/:showId/blocks',
    params: showParams,
    body: z.object({ viewerId: viewerIdSchema }).strict(),
    response: noContent,
    status: 204,
    summary: "Blocks a viewer from the seller's chats and hides their messages",
  }),
  rtmp: defineRoute({
    method: 'GET',
    path: '/v1/studio/:sellerId/shows/:showId/rtmp',
    params: showParams,
    response: z.object({ url: z.string().nullable(), streamKey: z.string() }),
    summary: "Where OBS streams the show: the RTMP URL (null when none runs) and the show's key",
  }),
};

const publicParams = z.object({ showId: id });

const directive = z
  .string()
  .regex(/^\d{1,10}$/, 'Must be a non-negative integer')
  .transform(Number);

/**
 * LL-HLS delivery directives (RFC 8216bis §6.2.5): the segment and part a player waits for.
 * `_HLS_skip` is accepted and ignored: the playlist is answered whole (no delta updates).
 */
const livePlaylistQuery = z
  .object({
    _HLS_msn: directive.optional(),
    _HLS_part: directive.optional(),
    _HLS_skip: z.enum(['YES', 'v2']).optional(),
  })
  .refine((query) => query._HLS_part === undefined || query._HLS_msn !== undefined, {
    message: '_HLS_part needs _HLS_msn',
    path: ['_HLS_part'],
  });

export const publicApi = {
  state: defineRoute({
    method: 'GET',
    path: '/v1/public/shows/:showId',
    params: publicParams,
    response: liveShowStateSchema,
    summary: "A show's state for players",
  }),
  livePlaylist: defineRoute({
    method: 'GET',
    path: '/v1/public/shows/:showId/live.m3u8',
    params: publicParams,
    query: livePlaylistQuery,
    response: z.string(),
    summary:
      "The live show's LL-HLS playlist; a blocking reload is held until it has the segment or part asked for, 503 after 3 target durations",
  }),
  events: defineRoute({
    method: 'GET',
    path: '/v1/public/shows/:showId/events',
    params: publicParams,
    response: z.unknown(),
    summary: "The show's events as Server-Sent Events",
  }),
  chat: defineRoute({
    method: 'POST',
    path: '/v1/public/shows/:showId/chat',
    params: publicParams,
    body: chatPostSchema,
    response: z.object({ message: chatMessageSchema }),
    status: 201,
    summary: "A viewer's chat message",
  }),
  presence: defineRoute({
    method: 'POST',
    path: '/v1/public/shows/:showId/presence',
    params: publicParams,
    body: presenceSchema,
    response: noContent,
    status: 204,
    summary: "A viewer's heartbeat",
  }),
};

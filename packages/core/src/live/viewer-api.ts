import { z } from 'zod';

/**
 * The live service's public viewer API (issue 32), as the storefront's live player and the
 * branded app's preview call it. Its base is a show's `playback.publicApi`
 * (`{live service}/v1/public/shows/{showId}`); it answers CORS from any origin, without cookies.
 *   GET  {base}           the show's state (liveShowStateSchema)
 *   GET  {base}/events    Server-Sent Events, one `data:` JSON line each (liveShowEventSchema)
 *   POST {base}/chat      a viewer's message (chatPostSchema) → 201 { message }
 *   POST {base}/presence  a viewer's heartbeat (presenceSchema) → 204
 */

/** A viewer counts as watching for this long after their last heartbeat. */
export const PRESENCE_TTL_SECONDS = 30;
/** How often the player sends a heartbeat while the show is on screen. */
export const PRESENCE_HEARTBEAT_SECONDS = 15;
export const CHAT_NAME_MAX = 40;
export const CHAT_TEXT_MAX = 300;
/** Messages a new viewer gets with the state; older ones are not sent. */
export const CHAT_HISTORY = 50;

export const VIEWER_MESSAGES = {
  blocked: "You can't chat in this show.",
  notLive: 'Chat is open only while the show is live.',
  showNotFound: 'This show does not exist.',
} as const;

/** A viewer's id: random, made by the player and kept in the browser (no personal data). */
export const viewerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const chatMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  /** ISO time it was posted. */
  at: z.string(),
  /** True for the seller's own messages (posted from the studio). */
  seller: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A product pinned during the show; the offsets are seconds from the show's start (replay timeline). */
export const pinSchema = z.object({
  productId: z.string(),
  fromSeconds: z.number().min(0),
  /** Null while still pinned. */
  toSeconds: z.number().min(0).nullable(),
});
export type ShowPin = z.infer<typeof pinSchema>;

export const liveShowStateSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['scheduled', 'live', 'ended']),
  startsAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The live playlist while live; the replay's VOD playlist once ended (null until made). */
  hls: z.url().nullable(),
  /** The replay as one MP4 once made. */
  mp4: z.url().nullable(),
  lowLatency: z.boolean(),
  productIds: z.array(z.string()),
  /** The product pinned now (live), else null. */
  pinned: z.string().nullable(),
  /** Every pin of the show so far, in order (the replay's timeline). */
  pins: z.array(pinSchema),
  viewers: z.number().int().min(0),
  /** The last CHAT_HISTORY visible messages, oldest first. */
  chat: z.array(chatMessageSchema),
});
export type LiveShowState = z.infer<typeof liveShowStateSchema>;

/** What the events stream sends; a player applies each to the state it holds. */
export const liveShowEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pin'), pinned: z.string().nullable(), pins: z.array(pinSchema) }),
  z.object({ type: z.literal('chat'), message: chatMessageSchema }),
  z.object({ type: z.literal('chat-hidden'), id: z.string() }),
  z.object({ type: z.literal('viewers'), count: z.number().int().min(0) }),
  z.object({
    type: z.literal('status'),
    status: z.enum(['scheduled', 'live', 'ended']),
    hls: z.url().nullable(),
    mp4: z.url().nullable(),
  }),
]);
export type LiveShowEvent = z.infer<typeof liveShowEventSchema>;

export const chatPostSchema = z
  .object({
    viewerId: viewerIdSchema,
    name: z.string().trim().min(1, 'Enter a name').max(CHAT_NAME_MAX),
    text: z.string().trim().min(1, 'Write a message').max(CHAT_TEXT_MAX),
  })
  .strict();

export const presenceSchema = z.object({ viewerId: viewerIdSchema }).strict();

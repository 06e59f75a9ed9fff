import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';

/**
 * Live shows and replays (spec 01 §2.7, §2.9; spec 03 Live): the seller schedules shows, goes
 * live on the live platform, and each ended show leaves a replay kept 3 months, from which a
 * segment can become a Popclip.
 */

/** Events per month above this mean unlimited (spec 01 §2.9); the catalogue may also say -1. */
export const LIVE_UNLIMITED_EVENTS_ABOVE = 999_999;
export const REPLAY_KEPT_MONTHS = 3;
export const LIVE_SHOW_PRODUCTS_MAX = 5;
export const LIVE_TITLE_MAX = 100;
/** Shopify's own limit on a product title. */
export const LIVE_PRODUCT_TITLE_MAX = 255;
/** A replay segment turned into a Popclip: long enough to show something, short as a clip. */
export const REPLAY_SEGMENT_SECONDS = { min: 3, max: 180 } as const;

export function isUnlimitedEvents(perMonth: number): boolean {
  return perMonth < 0 || perMonth > LIVE_UNLIMITED_EVENTS_ABOVE;
}

export const LIVE_MESSAGES = {
  scheduled: 'Live show scheduled.',
  monthFull: (limit: number) =>
    `Your live plan includes ${limit} live ${limit === 1 ? 'show' : 'shows'} a month, and that month is full. Upgrade your plan for more.`,
  startsInPast: 'Choose a start time in the future.',
  noSeller: 'Your live selling account is not ready yet. Please check back shortly.',
  needsLive: 'Live selling is not part of your plan.',
  showNotFound: 'This show does not exist.',
  noReplay: 'This show has no replay yet.',
  segment: 'Choose a part of the replay between its start and end, 3 seconds to 3 minutes long.',
  clipQueued: 'The Popclip is being made from the replay. It appears in your Popclips shortly.',
} as const;

/** A show on the live platform; an ended one has a replay until it expires (3 months). */
export const liveShowSchema = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  status: z.enum(['scheduled', 'live', 'ended']),
  /** The shop's products shown (Shopify product GIDs). */
  productIds: z.array(z.string()),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  replay: z.object({ durationSeconds: z.number(), expiresAt: z.string() }).nullable(),
  /**
   * Where shoppers watch it (issue 32), from the live service: its public API for this show
   * (state, events, chat, presence) and its media in object storage. Null while scheduled.
   */
  playback: z
    .object({
      publicApi: z.url(),
      /** The live playlist while live, the replay's VOD playlist once ended (null without one). */
      hls: z.url().nullable(),
      /** The replay as one MP4 (null until the show has ended and its replay is made). */
      mp4: z.url().nullable(),
      lowLatency: z.boolean(),
    })
    .nullable()
    .default(null),
});
export type LiveShowWire = z.infer<typeof liveShowSchema>;

/**
 * One of a show's products as the app saw it when scheduling (issue 32): the live service holds
 * no catalogue, so the studio names and pictures products from this snapshot. The title is the
 * product's id when the app did not know it; `imageUrl` is null without a picture.
 */
export const liveShowProductSchema = z
  .object({
    id: z.string().min(1).max(100),
    title: z.string().trim().min(1).max(LIVE_PRODUCT_TITLE_MAX),
    imageUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable(),
  })
  .strict();
export type LiveShowProduct = z.infer<typeof liveShowProductSchema>;

export const scheduleShowSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the show a title').max(LIVE_TITLE_MAX),
    startsAt: z.iso.datetime({ offset: true, message: 'Choose a date and time' }),
    productIds: z.array(z.string().min(1).max(100)).max(LIVE_SHOW_PRODUCTS_MAX),
  })
  .strict();

export const replaySegmentSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the Popclip a title').max(255),
    startSeconds: z.number().min(0),
    endSeconds: z.number().positive(),
  })
  .strict();

export const liveContract = {
  shows: defineRoute({
    method: 'GET',
    path: '/api/live/shows',
    response: dataAnswer(
      z.object({
        upcoming: z.array(liveShowSchema),
        replays: z.array(liveShowSchema),
        /** Shows scheduled in the current calendar month, and the plan's allowance (-1 unlimited). */
        eventsThisMonth: z.number().int(),
        eventsPerMonth: z.number().int(),
      }),
    ),
    summary: "The seller's upcoming and live shows, and replays still kept",
  }),
  schedule: defineRoute({
    method: 'POST',
    path: '/api/live/shows',
    body: scheduleShowSchema,
    response: dataAnswer(liveShowSchema),
    status: 201,
    summary: "Schedules a show on the live platform, within the plan's events per month",
  }),
  replayToPopclip: defineRoute({
    method: 'POST',
    path: '/api/live/shows/:showId/popclip',
    params: z.object({ showId: z.string().min(1).max(100) }),
    body: replaySegmentSchema,
    response: dataAnswer(z.object({ metaIdentifier: z.string() })),
    status: 202,
    summary:
      "Cuts a replay segment into a Popclip (processed by the clip job), tagged with the show's products",
  }),
};

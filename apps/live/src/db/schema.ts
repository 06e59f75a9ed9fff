import type { LiveShowProduct } from '@popstage/core/live';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The live service's own tables, in PostgreSQL schema `live` (apart from the app's: the app only
 * reaches them over the service's HTTP API).
 */
export const live = pgSchema('live');

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** Sellers; the idempotency key makes creation safe to retry. `payload` is what the app sent. */
export const sellers = live.table('sellers', {
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  shopDomain: text().notNull(),
  email: text(),
  phone: text(),
  payload: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: at().notNull(),
});

export type ShowStatus = 'scheduled' | 'live' | 'ended';

/** Shows: scheduled by the app, taken live and ended from the studio or by an RTMP encoder. */
export const shows = live.table(
  'shows',
  {
    id: text().primaryKey(),
    sellerId: text()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    startsAt: at().notNull(),
    productIds: jsonb().$type<string[]>().notNull(),
    /** The products' titles and pictures as the app sent them (null: shows scheduled before). */
    products: jsonb().$type<LiveShowProduct[]>(),
    status: text().$type<ShowStatus>().notNull().default('scheduled'),
    startedAt: at(),
    endedAt: at(),
    /** Random per show, for an RTMP encoder (OBS); never shown outside the seller's studio. */
    streamKey: text().notNull().unique(),
    /** Set once the replay is made (HlsSession.finish). */
    replaySeconds: doublePrecision(),
    /** The replay's media was deleted after REPLAY_KEPT_MONTHS. */
    replayExpired: boolean().notNull().default(false),
    /** The live playlist is in storage (first segment stored). */
    hlsReady: boolean().notNull().default(false),
    /** The replay MP4 and VOD playlist are in storage. */
    replayReady: boolean().notNull().default(false),
    createdAt: at().notNull(),
  },
  (table) => [index().on(table.sellerId, table.startsAt)],
);

/** Pins on the show's timeline (seconds from its start); `toSeconds` null while pinned. */
export const pins = live.table(
  'pins',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    showId: text()
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    productId: text().notNull(),
    fromSeconds: doublePrecision().notNull(),
    toSeconds: doublePrecision(),
  },
  (table) => [index().on(table.showId, table.id)],
);

export const chatMessages = live.table(
  'chat_messages',
  {
    id: text().primaryKey(),
    showId: text()
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** Null for the seller's own messages. */
    viewerId: text(),
    name: text().notNull(),
    text: text().notNull(),
    at: at().notNull(),
    hidden: boolean().notNull().default(false),
    seller: boolean().notNull().default(false),
    /** Arrival order: messages in one millisecond share `at`, and ids are random. */
    seq: bigserial({ mode: 'number' }).notNull(),
  },
  (table) => [index().on(table.showId, table.seq)],
);

/** Viewers the seller blocked from chatting, in one show or (showId null) all their shows. */
export const blocks = live.table(
  'blocks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sellerId: text()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    showId: text().references(() => shows.id, { onDelete: 'cascade' }),
    viewerId: text().notNull(),
  },
  (table) => [uniqueIndex().on(table.sellerId, table.viewerId)],
);

/** Who is watching: a viewer counts until PRESENCE_TTL_SECONDS after the last heartbeat. */
export const presence = live.table(
  'presence',
  {
    showId: text()
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    viewerId: text().notNull(),
    lastSeen: at().notNull(),
  },
  (table) => [primaryKey({ columns: [table.showId, table.viewerId] })],
);

/**
 * Each show's events in order, for the SSE fan-out: every process polls the rows after the last
 * it sent, so any process can serve any viewer.
 */
export const events = live.table(
  'events',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    showId: text()
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    event: jsonb().$type<Record<string, unknown>>().notNull(),
    at: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [index().on(table.showId, table.seq)],
);

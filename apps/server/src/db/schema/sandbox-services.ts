import type { SellerPayload } from '@popstage/core/account';
import { doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { serialKey, timestamptz } from './columns';

/**
 * Stand-ins for external services in sandbox mode (an SMS provider, the live-selling platform).
 * Like the sandbox store they do not reference `shops`: they are the other side's records.
 */

/** Text messages the sandbox SMS provider "delivered", shown at /sandbox/outbox. */
export const sandboxSmsOutbox = pgTable(
  'sandbox_sms_outbox',
  {
    id: serialKey(),
    shopDomain: text().notNull(),
    phone: text().notNull(),
    body: text().notNull(),
    code: text().notNull(),
    sentAt: timestamptz().notNull(),
  },
  (table) => [index().on(table.phone, table.sentAt)],
);

/** Sellers of the sandbox live-selling platform; idempotencyKey makes creation safe to retry. */
export const sandboxLiveSellers = pgTable('sandbox_live_sellers', {
  sellerId: text().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  shopDomain: text().notNull(),
  payload: jsonb().$type<SellerPayload>().notNull(),
  createdAt: timestamptz().notNull().defaultNow(),
});

/** The sandbox live platform's shows; an ended show's replay is a test-pattern video on disk. */
export const sandboxLiveShows = pgTable('sandbox_live_shows', {
  id: text().primaryKey(),
  sellerId: text()
    .notNull()
    .references(() => sandboxLiveSellers.sellerId, { onDelete: 'cascade' }),
  title: text().notNull(),
  startsAt: timestamptz().notNull(),
  productIds: jsonb().$type<string[]>().notNull(),
  startedAt: timestamptz(),
  endedAt: timestamptz(),
  /** The replay's file name in the replay folder. */
  replayFile: text(),
  replaySeconds: doublePrecision(),
  createdAt: timestamptz().notNull(),
});

/** What the sandbox push service delivered: the app preview phone polls it by its token's hash. */
export const sandboxPushInbox = pgTable(
  'sandbox_push_inbox',
  {
    seq: serialKey(),
    tokenHash: text().notNull(),
    notificationId: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    route: text(),
    /** The payload's open token: the preview reports an open with it, as the app would. */
    openToken: text(),
    receivedAt: timestamptz().notNull(),
  },
  (table) => [index().on(table.tokenHash, table.seq)],
);

import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { serialKey, timestamptz } from './columns';

/**
 * Stand-ins for external services in sandbox mode (an SMS provider, a push service).
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

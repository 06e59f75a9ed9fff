import type { DevicePlatform, NotificationStatus } from '@popstage/core/notifications';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigintNumber, counter, serialKey, timestamptz, uuidKey } from './columns';
import { shopIdColumn } from './shops';

/** Push notifications a merchant composed (spec 03 §3 "Scheduled notification") and their results. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: uuidKey(),
    shopId: shopIdColumn(),
    title: text().notNull(),
    body: text().notNull(),
    /** Deep-link path: /collections/{handle}, /products/{handle} or /popclips/{id}. */
    route: text(),
    /** Targeted send: only these customers' devices; null: a broadcast to every device. */
    customerIds: jsonb().$type<string[]>(),
    status: text().$type<NotificationStatus>().notNull().default('pending'),
    scheduledAt: timestamptz().notNull(),
    sentAt: timestamptz(),
    /** Devices (by id) done so far: a retried job goes on after the last finished batch. */
    progressDeviceId: bigintNumber().notNull().default(0),
    iosTargeted: counter(),
    iosDelivered: counter(),
    iosFailed: counter(),
    androidTargeted: counter(),
    androidDelivered: counter(),
    androidFailed: counter(),
    otherTargeted: counter(),
    otherDelivered: counter(),
    otherFailed: counter(),
    opened: counter(),
    failureReason: text(),
    /** The delivery run holding the send (a random id) and until when: one run at a time. */
    runId: uuid(),
    leaseUntil: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [index().on(table.shopId, table.scheduledAt, table.id)],
);

/** The branded app's devices (public registration); tokens encrypted, found by their hash. */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: serialKey(),
    shopId: shopIdColumn(),
    platform: text().$type<DevicePlatform>().notNull(),
    /** SHA-256 of the token (hex): the lookup key, since the stored token is encrypted. */
    tokenHash: text().notNull(),
    token: text().notNull(),
    customerId: text(),
    /** The address (IPv6 by /64) that registered it: registrations are bounded per address. */
    registeredFrom: text(),
    registeredAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.shopId, table.tokenHash),
    index().on(table.shopId, table.customerId),
    index().on(table.shopId, table.registeredFrom, table.registeredAt),
  ],
);

/** One row per device that opened a notification: opens count once per device. */
export const pushOpens = pgTable(
  'push_opens',
  {
    notificationId: uuid()
      .notNull()
      .references(() => pushNotifications.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    openedAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.tokenHash] })],
);

/**
 * What each device was handed for a notification: `sending` is written before its request goes
 * to the provider, `delivered` or `failed` after the answer. A run after a crash sends again only
 * the `sending` rows (the requests in flight then) and the devices without a row; an open counts
 * only for a `delivered` row.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: uuid()
      .notNull()
      .references(() => pushNotifications.id, { onDelete: 'cascade' }),
    deviceId: bigintNumber().notNull(),
    /** The device's platform when sent: the results are counted from these rows. */
    platform: text().$type<DevicePlatform>().notNull(),
    state: text().$type<'sending' | 'delivered' | 'failed'>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.deviceId] })],
);

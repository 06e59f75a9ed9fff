import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import { DEVICE_PLATFORMS, NOTIFICATION_PAGE_SIZE } from './limits';
import { notificationRouteSchema } from './route';
import { notificationBodySchema, notificationTitleSchema } from './text';

/**
 * Push notifications (spec 03 §7): the admin's list, compose and delete under the spec's paths,
 * and the branded app's public device API under /mobile/v1 (docs/decisions.md).
 */

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Per-platform results of one notification. */
const platformResultsSchema = z.object({
  targeted: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});

export const scheduledNotificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  /** When it was sent (ISO), or null while pending or when it failed. */
  sentAt: z.string().nullable(),
  /** When it goes (ISO): the chosen time, or the moment it was composed. */
  scheduledAt: z.string(),
  route: z.string().nullable(),
  results: z.object({
    targeted: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    opened: z.number().int(),
    ios: platformResultsSchema,
    android: platformResultsSchema,
  }),
  /** Why a send failed, or why some devices failed (the first reason seen). */
  failureReason: z.string().nullable(),
});
export type ScheduledNotification = z.infer<typeof scheduledNotificationSchema>;

export const composeNotificationSchema = z.object({
  type: z.literal('custom'),
  title: notificationTitleSchema,
  body: notificationBodySchema,
  /** The scheduled time (ISO with offset); null or absent sends at once. */
  sentAt: z.iso.datetime({ offset: true }).nullable().optional(),
  route: notificationRouteSchema.nullable().optional(),
  /** Only the app users signed in as these customers (their devices' tokens); absent: everyone. */
  customerIds: z.array(z.string().min(1).max(100)).min(1).max(1000).optional(),
});
export type ComposeNotification = z.input<typeof composeNotificationSchema>;

const idParams = z.object({ id: z.uuid('No such notification') });

export const notificationsContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/mobile/notifications',
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(NOTIFICATION_PAGE_SIZE)
        .default(NOTIFICATION_PAGE_SIZE),
      cursor: z.string().max(200).optional(),
    }),
    response: dataAnswer(
      z.object({
        items: z.array(scheduledNotificationSchema),
        hasPreviousPage: z.boolean(),
        hasNextPage: z.boolean(),
        /** Pass `previous` or `next` as the next call's cursor. */
        cursor: z.object({ previous: z.string().nullable(), next: z.string().nullable() }),
        /** The shop's time zone (IANA): the compose page's dates and times are in it. */
        timeZone: z.string(),
      }),
    ),
    summary: "The shop's notifications, newest scheduled time first, 10 a page",
  }),
  compose: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/mobile/notifications',
    body: composeNotificationSchema,
    response: z.object({
      id: z.uuid(),
      title: z.string(),
      body: z.string(),
      sentAt: z.string().nullable(),
      scheduledAt: z.string(),
    }),
    summary: 'Sends a notification to the app users now or schedules it',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/shopify/shop/mobile/notifications/:id',
    params: idParams,
    response: z.object({ success: z.literal(true) }),
    summary: 'Deletes a notification that has not been sent',
  }),
};

const appParams = z.object({ publicAppId: z.uuid('Invalid app id') });
const deviceToken = z.string().trim().min(8, 'Invalid device token').max(4096);

export const deviceRegistrationSchema = z.object({
  platform: z.enum(DEVICE_PLATFORMS),
  token: deviceToken,
  /**
   * The signed-in customer's Storefront API customer access token (the app's customer login):
   * the server asks the shop who it belongs to. Without it the device gets broadcasts only.
   */
  customerAccessToken: z.string().trim().min(1).max(512).nullable().optional(),
  /** Ignored unless a customer access token proves it (then it must be that customer). */
  customerId: z.string().trim().min(1).max(100).nullable().optional(),
});

/** The branded app's public device API (no session: the app id names the shop). */
export const devicesContract = {
  register: defineRoute({
    method: 'POST',
    path: '/mobile/v1/apps/:publicAppId/devices',
    params: appParams,
    body: deviceRegistrationSchema,
    response: z.object({
      /** The FCM topic an Android app subscribes to for the shop's broadcasts. */
      topic: z.string(),
      /** The customer the device receives targeted pushes for (proven by the token), or null. */
      customerId: z.string().nullable(),
    }),
    summary: 'Registers (or refreshes) a device of the branded app',
  }),
  unregister: defineRoute({
    method: 'POST',
    path: '/mobile/v1/apps/:publicAppId/devices/unregister',
    params: appParams,
    body: z.object({ token: deviceToken }),
    response: z.object({ success: z.literal(true) }),
    summary: 'Forgets a device (sign-out, notifications turned off)',
  }),
  opened: defineRoute({
    method: 'POST',
    path: '/mobile/v1/apps/:publicAppId/notifications/:id/opened',
    params: appParams.extend({ id: z.uuid('No such notification') }),
    /** openToken: the one the notification's payload carried to this device. */
    body: z.object({ token: deviceToken, openToken: z.string().max(64) }),
    response: z.object({ success: z.literal(true) }),
    summary: 'The app reports that a user opened a notification (counted once per device)',
  }),
  sandboxInbox: defineRoute({
    method: 'POST',
    path: '/mobile/v1/apps/:publicAppId/sandbox-inbox',
    params: appParams,
    body: z.object({ token: deviceToken, after: z.number().int().min(0).default(0) }),
    response: z.object({
      items: z.array(
        z.object({
          seq: z.number().int(),
          notificationId: z.uuid(),
          title: z.string(),
          body: z.string(),
          route: z.string().nullable(),
          /** The payload's open token (reported back with an open). */
          openToken: z.string().nullable(),
          receivedAt: z.string(),
        }),
      ),
    }),
    summary: 'Sandbox mode: what the sandbox push service delivered to a sandbox device',
  }),
};

import type { Db } from '../../db/client';
import { sandboxPushInbox } from '../../db/schema';
import type { PushChannel } from './port';

/**
 * The sandbox push service: every delivery lands in an inbox row per device, which the local
 * Shopify's app preview phone polls (POST /mobile/v1/apps/:id/sandbox-inbox) and shows as a
 * banner. It speaks no outside protocol: it stands in for FCM and APNs offline.
 */
export function createSandboxPushChannel(db: Db, now: () => Date): PushChannel {
  return {
    lanes: 8,
    async send(_shop, message, devices) {
      if (devices.length === 0) return [];
      const receivedAt = now();
      await db.insert(sandboxPushInbox).values(
        devices.map((device) => ({
          tokenHash: device.tokenHash,
          notificationId: message.notificationId,
          title: message.title,
          body: message.body,
          route: message.route,
          openToken: message.openToken ?? null,
          receivedAt,
        })),
      );
      return devices.map((device) => ({ deviceId: device.id, delivered: true as const }));
    },
  };
}

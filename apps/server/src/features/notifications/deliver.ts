import type { DevicePlatform } from '@popstage/core/notifications';
import { NOTIFICATION_MESSAGES } from '@popstage/core/notifications';
import { eq } from 'drizzle-orm';
import { shops } from '../../db/schema';
import type { JobContext } from '../../jobs/job';
import type { DeviceOutcome, PushDevice, PushMessage, PushShop } from '../../platform/push/port';
import { planFacts } from '../billing';
import { mobilePlanOf } from '../mobile';
import { featureFlagsOf } from '../shop';
import { countPlatformDevices, deleteDevices, deviceBatch } from './device-store';
import {
  type BatchCounts,
  emptyCounts,
  findNotification,
  finishNotification,
  type NotificationRow,
  recordBatch,
} from './notification-store';

/** Devices read, decrypted and sent per step: bounded memory, one progress write per batch. */
const DELIVERY_BATCH = 2000;

const bucket = (platform: DevicePlatform): keyof BatchCounts =>
  platform === 'ios' || platform === 'android' ? platform : 'other';

/** Why the shop may not push now (the server's gate, checked again when the minute comes). */
async function refusal(ctx: JobContext, shopId: string): Promise<string | null> {
  const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop || shop.uninstalledAt) return 'The app is not installed on the store';
  if (featureFlagsOf(shop).disable_push_notification) return NOTIFICATION_MESSAGES.pushDisabled;
  const plan = await planFacts(ctx.database.db, ctx.catalogue, shop);
  if (!mobilePlanOf(ctx, { plan })?.name) return 'The store has no mobile plan';
  return null;
}

/**
 * Sends one notification to its audience: a broadcast goes to the shop's FCM topic once (when
 * FCM is configured) and to every other device by token; a targeted send goes to its customers'
 * devices by token. Devices are streamed in id order in batches; each batch's results and the
 * last device id are written together, so a retried job (a killed worker) goes on after the last
 * finished batch. Dead tokens are forgotten. Runs once: a notification no longer pending is left.
 */
export async function deliverNotification(
  ctx: JobContext,
  id: string,
  batchSize = DELIVERY_BATCH,
): Promise<void> {
  const { db } = ctx.database;
  const row = await findNotification(db, id);
  if (row?.status !== 'pending') return;
  const refused = await refusal(ctx, row.shopId);
  if (refused) {
    await finishNotification(db, id, ctx.clock.now(), refused);
    return;
  }
  const [shopRow] = await db.select().from(shops).where(eq(shops.id, row.shopId));
  const shop: PushShop = { id: row.shopId, handle: shopRow?.shopHandle ?? '' };
  const message: PushMessage = {
    notificationId: row.id,
    title: row.title,
    body: row.body,
    route: row.route,
  };
  const topicChannel = row.customerIds ? undefined : ctx.push.channels.android?.sendToTopic;
  if (
    topicChannel &&
    row.progressDeviceId === 0 &&
    !(await broadcastTopic(ctx, row, shop, message))
  ) {
    return;
  }
  const audience = {
    shopId: row.shopId,
    notificationId: row.id,
    targeted: row.customerIds !== null,
    exceptPlatform: topicChannel ? ('android' as const) : null,
  };
  let after = row.progressDeviceId;
  for (;;) {
    const devices = await deviceBatch(db, ctx.secrets, audience, after, batchSize);
    if (devices.length === 0) break;
    const outcomes = await sendBatch(ctx, shop, message, devices);
    const counts = emptyCounts();
    const dead: number[] = [];
    let reason: string | null = null;
    const platformOf = new Map(devices.map((device) => [device.id, device.platform]));
    for (const outcome of outcomes) {
      const counted = counts[bucket(platformOf.get(outcome.deviceId) ?? 'sandbox')];
      counted.targeted += 1;
      if (outcome.delivered) counted.delivered += 1;
      else {
        counted.failed += 1;
        reason ??= outcome.reason;
        if (outcome.unregistered) dead.push(outcome.deviceId);
      }
    }
    after = devices.at(-1)?.id ?? after;
    await deleteDevices(db, dead);
    if (!(await recordBatch(db, id, counts, after, reason))) return; // deleted meanwhile
  }
  await finishNotification(db, id, ctx.clock.now(), null);
}

/** One FCM topic message for the shop's Android devices; false when the notification is gone. */
async function broadcastTopic(
  ctx: JobContext,
  row: NotificationRow,
  shop: PushShop,
  message: PushMessage,
): Promise<boolean> {
  const { db } = ctx.database;
  const android = await countPlatformDevices(db, row.shopId, 'android');
  if (android === 0 || row.androidTargeted > 0) return true;
  const failed = await ctx.push.channels.android?.sendToTopic?.(shop, message);
  const counts = emptyCounts();
  // FCM reports a topic send once; the devices behind it count as delivered when it is accepted.
  counts.android = {
    targeted: android,
    delivered: failed ? 0 : android,
    failed: failed ? android : 0,
  };
  return recordBatch(db, row.id, counts, null, failed?.reason ?? null);
}

/** Sends a batch through each platform's channel at once; no channel: failed with the reason. */
async function sendBatch(
  ctx: JobContext,
  shop: PushShop,
  message: PushMessage,
  devices: PushDevice[],
): Promise<DeviceOutcome[]> {
  const byPlatform = new Map<DevicePlatform, PushDevice[]>();
  for (const device of devices) {
    const list = byPlatform.get(device.platform) ?? [];
    list.push(device);
    byPlatform.set(device.platform, list);
  }
  const results = await Promise.all(
    [...byPlatform].map(([platform, list]) => {
      const channel = ctx.push.channels[platform];
      if (channel) return channel.send(shop, message, list);
      return list.map(
        (device): DeviceOutcome => ({
          deviceId: device.id,
          delivered: false,
          reason: `No push service for ${platform} devices`,
          unregistered: false,
        }),
      );
    }),
  );
  return results.flat();
}

import { randomUUID } from 'node:crypto';
import type { DevicePlatform } from '@popstage/core/notifications';
import { NOTIFICATION_MESSAGES } from '@popstage/core/notifications';
import { eq } from 'drizzle-orm';
import { shops } from '../../db/schema';
import { failpoint } from '../../failpoints';
import type { JobContext } from '../../jobs/job';
import type { DeviceOutcome, PushDevice, PushMessage, PushShop } from '../../platform/push/port';
import { planFacts } from '../billing';
import { mobilePlanOf } from '../mobile';
import { featureFlagsOf } from '../shop';
import {
  advanceCursor,
  claimLease,
  countFromRows,
  LEASE_MS,
  markSending,
  recordAnswers,
  releaseLease,
  renewLease,
} from './delivery-ledger';
import { audienceBatches } from './device-store';
import { findNotification, finishNotification } from './notification-store';
import { openTokens } from './open-token';
import { sendThroughWindow } from './send-window';

/** Devices read and decrypted per step: memory stays flat however large the audience. */
const DELIVERY_BATCH = 2000;

/** Why the shop may not push now (the server's gate, checked again when the minute comes). */
async function refusal(ctx: JobContext, shopId: string): Promise<string | null> {
  const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop || shop.uninstalledAt) return 'The app is not installed on the store';
  if (featureFlagsOf(shop).disable_push_notification) return NOTIFICATION_MESSAGES.pushDisabled;
  const plan = await planFacts(ctx.database.db, ctx.catalogue, shop);
  if (!mobilePlanOf(ctx, { plan })?.name) return 'The store has no mobile plan';
  return null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the notification's lease for this run: a run of a crashed worker holds it until it
 * expires (at most LEASE_MS after its last renewal), so the retried job waits for it here, its
 * heartbeat going on, instead of sending alongside a run that may still be alive.
 */
async function takeLease(ctx: JobContext, id: string, runId: string): Promise<boolean> {
  const deadline = Date.now() + LEASE_MS * 2;
  for (;;) {
    const outcome = await claimLease(ctx.database.db, id, runId);
    if (outcome !== 'held') return outcome === 'claimed';
    if (Date.now() > deadline) throw new Error('the notification is held by another delivery run');
    await pause(1000);
  }
}

/**
 * Sends one notification to its audience, device by device by token (a broadcast to every
 * device of the shop, a targeted send to its customers' devices), each device's payload with its
 * own open token. One run at a time holds the notification (a lease renewed while it runs; every
 * write is fenced by the run's id). Devices are streamed in id order, the next batch read while
 * one is sent, through one sliding window that records per device what was handed to the provider before and after each
 * request (send-window.ts): a run after a crash skips what was answered and resends only what
 * was in flight, so no device is missed and duplicates stay bounded by the requests in flight.
 * Dead tokens are forgotten. A notification no longer pending is left.
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
  const runId = randomUUID();
  if (!(await takeLease(ctx, id, runId))) return;
  let lost = false;
  const renewal = setInterval(() => {
    renewLease(db, id, runId).then(
      (held) => {
        if (!held) lost = true;
      },
      () => {
        // A failed renewal is tried again on the next tick; the fenced writes decide.
      },
    );
  }, LEASE_MS / 3);
  try {
    const [shopRow] = await db.select().from(shops).where(eq(shops.id, row.shopId));
    const shop: PushShop = { id: row.shopId, handle: shopRow?.shopHandle ?? '' };
    const message: PushMessage = {
      notificationId: row.id,
      title: row.title,
      body: row.body,
      route: row.route,
    };
    const tokens = openTokens(ctx.config.SHOPIFY_API_SECRET);
    const audience = {
      shopId: row.shopId,
      notificationId: row.id,
      targeted: row.customerIds !== null,
    };
    // Read again under the lease: a run before a crash may have moved it since.
    const from = (await findNotification(db, id))?.progressDeviceId ?? 0;
    const finished = await sendThroughWindow(
      audienceBatches(db, ctx.secrets, audience, from, batchSize),
      {
        lanes: (platform) => ctx.push.channels[platform]?.lanes ?? 1,
        send: (device) =>
          sendOne(ctx, shop, { ...message, openToken: tokens.issue(row.id, device.id) }, device),
        mark: (group) => markSending(db, id, group),
        record: async (answers) => !lost && (await recordAnswers(db, id, runId, answers)),
        settled: async (lastId) => !lost && (await advanceCursor(db, id, runId, lastId)),
      },
    );
    if (!finished || lost) return;
    await countFromRows(db, id, runId);
    failpoint('push.before-finish');
    await finishNotification(db, id, ctx.clock.now(), null, runId);
  } catch (error) {
    clearInterval(renewal);
    await releaseLease(db, id, runId).catch(() => {});
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/** One device through its platform's channel; no channel: failed with the reason. */
async function sendOne(
  ctx: JobContext,
  shop: PushShop,
  message: PushMessage,
  device: PushDevice,
): Promise<DeviceOutcome> {
  const channel = ctx.push.channels[device.platform];
  if (!channel) return noChannel(device.platform, device);
  const [outcome] = await channel.send(shop, message, [device]);
  return outcome ?? noChannel(device.platform, device);
}

const noChannel = (platform: DevicePlatform, device: PushDevice): DeviceOutcome => ({
  deviceId: device.id,
  delivered: false,
  reason: `No push service for ${platform} devices`,
  unregistered: false,
});

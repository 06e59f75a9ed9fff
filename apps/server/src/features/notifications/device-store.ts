import { createHash } from 'node:crypto';
import type { DevicePlatform } from '@popstage/core/notifications';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TokenCipher } from '../../auth/token-cipher';
import type { Db } from '../../db/client';
import { pushDeliveries, pushDevices, pushNotifications } from '../../db/schema';
import type { PushDevice } from '../../platform/push/port';

/** The lookup key of a device token (tokens are stored encrypted with a random IV). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Registers a device, or refreshes its platform and customer when the token is known. */
export async function registerDevice(
  db: Db,
  secrets: TokenCipher,
  shopId: string,
  device: {
    platform: DevicePlatform;
    token: string;
    customerId: string | null;
    registeredFrom: string;
  },
): Promise<void> {
  await db
    .insert(pushDevices)
    .values({
      shopId,
      platform: device.platform,
      tokenHash: tokenHash(device.token),
      token: secrets.encrypt(device.token),
      customerId: device.customerId,
      registeredFrom: device.registeredFrom,
    })
    .onConflictDoUpdate({
      target: [pushDevices.shopId, pushDevices.tokenHash],
      set: { platform: device.platform, customerId: device.customerId, registeredAt: sql`now()` },
    });
}

export async function unregisterDevice(db: Db, shopId: string, token: string): Promise<void> {
  await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.shopId, shopId), eq(pushDevices.tokenHash, tokenHash(token))));
}

export async function findDevice(
  db: Db,
  shopId: string,
  hash: string,
): Promise<{ id: number } | null> {
  const [found] = await db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(and(eq(pushDevices.shopId, shopId), eq(pushDevices.tokenHash, hash)));
  return found ?? null;
}

/** Who a notification goes to, device by device. */
export interface Audience {
  shopId: string;
  notificationId: string;
  /** Targeted send: the notification's customerIds are read in SQL. */
  targeted: boolean;
}

const audienceWhere = (audience: Audience) =>
  and(
    eq(pushDevices.shopId, audience.shopId),
    // Answered already (by this run or one before a crash): never sent again.
    sql`not exists (select 1 from ${pushDeliveries} where ${pushDeliveries.notificationId} = ${audience.notificationId} and ${pushDeliveries.deviceId} = ${pushDevices.id} and ${pushDeliveries.state} <> 'sending')`,
    audience.targeted
      ? sql`${pushDevices.customerId} in (select jsonb_array_elements_text(${pushNotifications.customerIds}) from ${pushNotifications} where ${pushNotifications.id} = ${audience.notificationId})`
      : undefined,
  );

/** The next batch of the audience after a device id, tokens decrypted: memory stays flat. */
async function deviceBatch(
  db: Db,
  secrets: TokenCipher,
  audience: Audience,
  afterId: number,
  size: number,
): Promise<PushDevice[]> {
  const rows = await db
    .select({
      id: pushDevices.id,
      platform: pushDevices.platform,
      token: pushDevices.token,
      tokenHash: pushDevices.tokenHash,
    })
    .from(pushDevices)
    .where(and(audienceWhere(audience), gt(pushDevices.id, afterId)))
    .orderBy(asc(pushDevices.id))
    .limit(size);
  return rows.map((row) => ({ ...row, token: secrets.decrypt(row.token) }));
}

/**
 * The audience in id order, batch after batch: the next batch is read while the one before is
 * sent, so the lanes never wait for the database between batches.
 */
export async function* audienceBatches(
  db: Db,
  secrets: TokenCipher,
  audience: Audience,
  afterId: number,
  size: number,
): AsyncGenerator<PushDevice[]> {
  let next = deviceBatch(db, secrets, audience, afterId, size);
  for (;;) {
    const devices = await next;
    const last = devices.at(-1);
    if (!last) return;
    next = deviceBatch(db, secrets, audience, last.id, size);
    // A run that stops early never awaits the read ahead: its failure is not the run's.
    next.catch(() => {});
    yield devices;
  }
}

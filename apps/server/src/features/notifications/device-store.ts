import { createHash } from 'node:crypto';
import type { DevicePlatform } from '@popstage/core/notifications';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { TokenCipher } from '../../auth/token-cipher';
import type { Db } from '../../db/client';
import { pushDevices, pushNotifications } from '../../db/schema';
import type { PushDevice } from '../../platform/push/port';

/** The lookup key of a device token (tokens are stored encrypted with a random IV). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Registers a device, or refreshes its platform and customer when the token is known. */
export async function registerDevice(
  db: Db,
  secrets: TokenCipher,
  shopId: string,
  device: { platform: DevicePlatform; token: string; customerId: string | null },
): Promise<void> {
  await db
    .insert(pushDevices)
    .values({
      shopId,
      platform: device.platform,
      tokenHash: tokenHash(device.token),
      token: secrets.encrypt(device.token),
      customerId: device.customerId,
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

export async function deviceExists(db: Db, shopId: string, hash: string): Promise<boolean> {
  const [found] = await db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(and(eq(pushDevices.shopId, shopId), eq(pushDevices.tokenHash, hash)));
  return Boolean(found);
}

export async function deleteDevices(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushDevices).where(inArray(pushDevices.id, ids));
}

/** Who a notification goes to, device by device: a platform left to a topic, customers. */
export interface Audience {
  shopId: string;
  notificationId: string;
  /** Targeted send: the notification's customerIds are read in SQL. */
  targeted: boolean;
  exceptPlatform: DevicePlatform | null;
}

const audienceWhere = (audience: Audience) =>
  and(
    eq(pushDevices.shopId, audience.shopId),
    audience.exceptPlatform ? ne(pushDevices.platform, audience.exceptPlatform) : undefined,
    audience.targeted
      ? sql`${pushDevices.customerId} in (select jsonb_array_elements_text(${pushNotifications.customerIds}) from ${pushNotifications} where ${pushNotifications.id} = ${audience.notificationId})`
      : undefined,
  );

/** The next batch of the audience after a device id, tokens decrypted: memory stays flat. */
export async function deviceBatch(
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

export async function countPlatformDevices(
  db: Db,
  shopId: string,
  platform: DevicePlatform,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushDevices)
    .where(and(eq(pushDevices.shopId, shopId), eq(pushDevices.platform, platform)));
  return row?.count ?? 0;
}

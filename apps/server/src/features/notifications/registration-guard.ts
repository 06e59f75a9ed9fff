import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushDevices } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * Bounds on the branded app's public device registration (issue 28: it was unbounded):
 * - per address: new devices one client address registers with one app per hour
 *   (DEVICE_REGISTRATIONS_PER_ADDRESS); IPv6 grouped by /64, as one subscriber holds a /64;
 * - per app: the plan's app downloads twice over (a customer's phone and tablet); an unlimited
 *   plan stops at 10,000,000. Refreshing a known token is never refused.
 */
const DEVICES_PER_DOWNLOAD = 2;
const UNLIMITED_PLAN_DEVICES = 10_000_000;

export const addressKey = (ip: string) => normalizeIP(ip, 64);

export function deviceCap(downloadsMax: number | null): number {
  return downloadsMax && downloadsMax > 0
    ? downloadsMax * DEVICES_PER_DOWNLOAD
    : UNLIMITED_PLAN_DEVICES;
}

export async function guardNewDevice(
  db: Db,
  shopId: string,
  address: string,
  limits: { perAddressHour: number; perApp: number },
): Promise<void> {
  const t = pushDevices;
  const [fromAddress] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(
      and(
        eq(t.shopId, shopId),
        eq(t.registeredFrom, address),
        gt(t.registeredAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((fromAddress?.n ?? 0) >= limits.perAddressHour) {
    throw new HttpError(429, 'Too many devices registered from this address; try again later');
  }
  const [inApp] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(eq(t.shopId, shopId));
  if ((inApp?.n ?? 0) >= limits.perApp) {
    throw new HttpError(
      429,
      "This app has registered as many devices as its plan's downloads allow",
    );
  }
}

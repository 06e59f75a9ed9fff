import type { DevicePlatform } from '@popstage/core/notifications';
import {
  and,
  between,
  eq,
  inArray,
  isNull,
  lt,
  or,
  sql,
  TransactionRollbackError,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pushDeliveries, pushDevices, pushNotifications } from '../../db/schema';

/**
 * The store side of one delivery run: its lease on the notification (one run at a time) and
 * the per-device record of what was handed to the provider (push_deliveries).
 */

const bucket = (platform: DevicePlatform) =>
  platform === 'ios' || platform === 'android' ? platform : 'other';

/** How long a run's lease lasts without renewal; it is renewed every third of it. */
export const LEASE_MS = 15_000;

/** Takes the notification for `runId` unless another run's lease is still alive. */
export async function claimLease(
  db: Db,
  id: string,
  runId: string,
): Promise<'claimed' | 'held' | 'done'> {
  const t = pushNotifications;
  const taken = await db
    .update(t)
    .set({ runId, leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(
      and(
        eq(t.id, id),
        eq(t.status, 'pending'),
        or(isNull(t.leaseUntil), lt(t.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: t.id });
  if (taken.length > 0) return 'claimed';
  const [row] = await db.select({ status: t.status }).from(t).where(eq(t.id, id));
  return row?.status === 'pending' ? 'held' : 'done';
}

/** Extends the run's lease; false when the run lost it (taken over, deleted, finished). */
export async function renewLease(db: Db, id: string, runId: string): Promise<boolean> {
  const t = pushNotifications;
  const renewed = await db
    .update(t)
    .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(and(eq(t.id, id), eq(t.runId, runId), eq(t.status, 'pending')))
    .returning({ id: t.id });
  return renewed.length > 0;
}

/** A run that stopped with an error lets the retry start at once (a crash waits for expiry). */
export async function releaseLease(db: Db, id: string, runId: string): Promise<void> {
  const t = pushNotifications;
  await db
    .update(t)
    .set({ leaseUntil: null })
    .where(and(eq(t.id, id), eq(t.runId, runId)));
}

/** Embedded start: no run of another process can be alive, so no lease is (server.ts). */
export async function releaseDeliveryLeases(db: Db): Promise<void> {
  const t = pushNotifications;
  await db
    .update(t)
    .set({ leaseUntil: null })
    .where(and(eq(t.status, 'pending'), sql`${t.leaseUntil} is not null`));
}

/** Before the requests: these devices are being handed to the provider. */
export async function markSending(
  db: Db,
  id: string,
  devices: { id: number; platform: DevicePlatform }[],
): Promise<void> {
  if (devices.length === 0) return;
  await db
    .insert(pushDeliveries)
    .values(
      devices.map((device) => ({
        notificationId: id,
        deviceId: device.id,
        platform: device.platform,
        state: 'sending' as const,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The results as the per-device rows say, written when the send ends: the counters grown batch
 * by batch show progress, the rows are the truth (a crash can never leave them apart).
 */
export async function countFromRows(db: Db, id: string, runId: string): Promise<void> {
  const d = pushDeliveries;
  const rows = await db
    .select({ platform: d.platform, state: d.state, n: sql<number>`count(*)::int` })
    .from(d)
    .where(and(eq(d.notificationId, id), sql`${d.state} <> 'sending'`))
    .groupBy(d.platform, d.state);
  const n = (platform: 'ios' | 'android' | 'other', state?: string) =>
    rows
      .filter((row) => bucket(row.platform) === platform && (!state || row.state === state))
      .reduce((sum, row) => sum + row.n, 0);
  const t = pushNotifications;
  await db
    .update(t)
    .set({
      iosTargeted: n('ios'),
      iosDelivered: n('ios', 'delivered'),
      iosFailed: n('ios', 'failed'),
      androidTargeted: n('android'),
      androidDelivered: n('android', 'delivered'),
      androidFailed: n('android', 'failed'),
      otherTargeted: n('other'),
      otherDelivered: n('other', 'delivered'),
      otherFailed: n('other', 'failed'),
    })
    .where(and(eq(t.id, id), eq(t.runId, runId), eq(t.status, 'pending')));
}

/** One device's answer, as the run records it. */
export interface Answered {
  deviceId: number;
  platform: DevicePlatform;
  delivered: boolean;
  reason: string | null;
  unregistered: boolean;
}

/**
 * After the answers: each device's row goes from `sending` to `delivered` or `failed` and the
 * notification's counts grow by the rows that changed, in one transaction fenced by the run's id
 * (a run that lost its lease records nothing and stops). Dead tokens are forgotten.
 */
export async function recordAnswers(
  db: Db,
  id: string,
  runId: string,
  answers: Answered[],
): Promise<boolean> {
  if (answers.length === 0) return true;
  try {
    return await settleAnswers(db, id, runId, answers);
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

async function settleAnswers(db: Db, id: string, runId: string, answers: Answered[]) {
  return db.transaction(async (tx) => {
    const d = pushDeliveries;
    const settle = async (state: 'delivered' | 'failed', list: Answered[]) => {
      if (list.length === 0) return [];
      const ids = list.map((answer) => answer.deviceId);
      return tx
        .update(d)
        .set({ state })
        .where(
          and(
            eq(d.notificationId, id),
            // The answered ids lie in this range: the index scan stays within it. Without it a
            // planner that takes a new notification for a small one (its statistics are older)
            // scans every row of the notification for each list: 40-110 ms a transaction at
            // 150,000-800,000 rows in the million-device bench, growing as the send went on.
            between(d.deviceId, Math.min(...ids), Math.max(...ids)),
            inArray(d.deviceId, ids),
            eq(d.state, 'sending'),
          ),
        )
        .returning({ deviceId: d.deviceId });
    };
    const delivered = answers.filter((answer) => answer.delivered);
    const failed = answers.filter((answer) => !answer.delivered);
    const changed = new Set(
      [...(await settle('delivered', delivered)), ...(await settle('failed', failed))].map(
        (row) => row.deviceId,
      ),
    );
    const counts = {
      ios: { targeted: 0, delivered: 0, failed: 0 },
      android: { targeted: 0, delivered: 0, failed: 0 },
      other: { targeted: 0, delivered: 0, failed: 0 },
    };
    let reason: string | null = null;
    for (const answer of answers) {
      if (!changed.has(answer.deviceId)) continue;
      const counted = counts[bucket(answer.platform)];
      counted.targeted += 1;
      if (answer.delivered) counted.delivered += 1;
      else {
        counted.failed += 1;
        reason ??= answer.reason;
      }
    }
    const t = pushNotifications;
    const add = (column: AnyPgColumn, n: number) => sql<number>`${column} + ${n}`;
    const updated = await tx
      .update(t)
      .set({
        iosTargeted: add(t.iosTargeted, counts.ios.targeted),
        iosDelivered: add(t.iosDelivered, counts.ios.delivered),
        iosFailed: add(t.iosFailed, counts.ios.failed),
        androidTargeted: add(t.androidTargeted, counts.android.targeted),
        androidDelivered: add(t.androidDelivered, counts.android.delivered),
        androidFailed: add(t.androidFailed, counts.android.failed),
        otherTargeted: add(t.otherTargeted, counts.other.targeted),
        otherDelivered: add(t.otherDelivered, counts.other.delivered),
        otherFailed: add(t.otherFailed, counts.other.failed),
        failureReason: sql`coalesce(${t.failureReason}, ${reason})`,
      })
      .where(and(eq(t.id, id), eq(t.runId, runId), eq(t.status, 'pending')))
      .returning({ id: t.id });
    // Lost the lease: nothing of this run is recorded (rollback throws, caught above).
    if (updated.length === 0) tx.rollback();
    const dead = answers.filter((answer) => answer.unregistered).map((answer) => answer.deviceId);
    if (dead.length > 0) await tx.delete(pushDevices).where(inArray(pushDevices.id, dead));
    return true;
  });
}

/** Moves the run's cursor past a finished batch; false when the run lost its lease. */
export async function advanceCursor(
  db: Db,
  id: string,
  runId: string,
  progressDeviceId: number,
): Promise<boolean> {
  const t = pushNotifications;
  const moved = await db
    .update(t)
    .set({ progressDeviceId })
    .where(and(eq(t.id, id), eq(t.runId, runId), eq(t.status, 'pending')))
    .returning({ id: t.id });
  return moved.length > 0;
}

/** Whether a device was delivered this notification (an open counts only then). */
export async function wasDelivered(db: Db, id: string, deviceId: number): Promise<boolean> {
  const [row] = await db
    .select({ state: pushDeliveries.state })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.notificationId, id), eq(pushDeliveries.deviceId, deviceId)));
  return row?.state === 'delivered';
}

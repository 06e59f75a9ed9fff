import { type PageCursor, pageCursor } from '@popstage/core/contract';
import type { ScheduledNotification } from '@popstage/core/notifications';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pushNotifications, pushOpens } from '../../db/schema';

export type NotificationRow = typeof pushNotifications.$inferSelect;

export async function insertNotification(
  db: Db,
  values: Pick<
    NotificationRow,
    'shopId' | 'title' | 'body' | 'route' | 'customerIds' | 'scheduledAt'
  >,
): Promise<NotificationRow> {
  const [row] = await db.insert(pushNotifications).values(values).returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | null> {
  const [row] = await db.select().from(pushNotifications).where(eq(pushNotifications.id, id));
  return row ?? null;
}

/** Deletes the shop's notification unless it was sent; answers what was there before. */
export async function deleteUnsent(
  db: Db,
  shopId: string,
  id: string,
): Promise<'deleted' | 'sent' | 'missing'> {
  const deleted = await db
    .delete(pushNotifications)
    .where(
      and(
        eq(pushNotifications.id, id),
        eq(pushNotifications.shopId, shopId),
        sql`${pushNotifications.status} <> 'sent'`,
      ),
    )
    .returning({ id: pushNotifications.id });
  if (deleted.length > 0) return 'deleted';
  const [left] = await db
    .select({ id: pushNotifications.id })
    .from(pushNotifications)
    .where(and(eq(pushNotifications.id, id), eq(pushNotifications.shopId, shopId)));
  return left ? 'sent' : 'missing';
}

/** A page position: the newest-first order is (scheduledAt, id) descending. */
const keySchema = z.object({
  at: z.string().refine((at) => !Number.isNaN(Date.parse(at))),
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  dir: z.enum(['next', 'previous']),
});
type Key = z.infer<typeof keySchema>;
export const notificationCursor: PageCursor<typeof keySchema> = pageCursor(keySchema);

/** One page of the shop's notifications and whether there are more either side. */
export async function notificationPage(
  db: Db,
  shopId: string,
  limit: number,
  key: Key | null,
): Promise<{ rows: NotificationRow[]; hasPrevious: boolean; hasNext: boolean }> {
  const t = pushNotifications;
  const position = key
    ? key.dir === 'next'
      ? sql`(${t.scheduledAt}, ${t.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`
      : sql`(${t.scheduledAt}, ${t.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`
    : undefined;
  const backwards = key?.dir === 'previous';
  const found = await db
    .select()
    .from(t)
    .where(and(eq(t.shopId, shopId), position))
    .orderBy(...(backwards ? [asc(t.scheduledAt), asc(t.id)] : [desc(t.scheduledAt), desc(t.id)]))
    .limit(limit + 1);
  const more = found.length > limit;
  const rows = found.slice(0, limit);
  if (backwards) rows.reverse();
  return {
    rows,
    hasPrevious: backwards ? more : key !== null,
    hasNext: backwards ? true : more,
  };
}

export function notificationWire(row: NotificationRow): ScheduledNotification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    scheduledAt: row.scheduledAt.toISOString(),
    route: row.route,
    results: {
      targeted: row.iosTargeted + row.androidTargeted + row.otherTargeted,
      delivered: row.iosDelivered + row.androidDelivered + row.otherDelivered,
      failed: row.iosFailed + row.androidFailed + row.otherFailed,
      opened: row.opened,
      ios: { targeted: row.iosTargeted, delivered: row.iosDelivered, failed: row.iosFailed },
      android: {
        targeted: row.androidTargeted,
        delivered: row.androidDelivered,
        failed: row.androidFailed,
      },
    },
    failureReason: row.failureReason,
  };
}

/** Sent (anyone reached, or nobody to reach) or failed (every device failed), once. */
export async function finishNotification(
  db: Db,
  id: string,
  now: Date,
  failure: string | null,
  /** The delivery run finishing it: only while it still holds the lease. */
  runId?: string,
): Promise<void> {
  const t = pushNotifications;
  const allFailed = sql`(${t.iosDelivered} + ${t.androidDelivered} + ${t.otherDelivered}) = 0 and (${t.iosFailed} + ${t.androidFailed} + ${t.otherFailed}) > 0`;
  await db
    .update(t)
    .set(
      failure
        ? { status: 'failed', failureReason: failure }
        : {
            status: sql`case when ${allFailed} then 'failed' else 'sent' end`,
            sentAt: sql`case when ${allFailed} then null else ${now.toISOString()}::timestamptz end`,
          },
    )
    .where(and(eq(t.id, id), eq(t.status, 'pending'), runId ? eq(t.runId, runId) : undefined));
}

/** Counts an open once per device (the app reports it when the user taps). */
export async function recordOpen(db: Db, id: string, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(pushOpens)
      .values({ notificationId: id, tokenHash: hash })
      .onConflictDoNothing()
      .returning({ id: pushOpens.notificationId });
    if (inserted.length > 0) {
      await tx
        .update(pushNotifications)
        .set({ opened: sql`${pushNotifications.opened} + 1` })
        .where(eq(pushNotifications.id, id));
    }
  });
}

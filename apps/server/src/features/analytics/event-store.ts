import type { AnalyticsStream, AppEvent } from '@popstage/core/analytics';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appEvents } from '../../db/schema';

export type AppEventRow = typeof appEvents.$inferSelect;

/** Stores the events; one without occurredAt happened `now`. */
export async function insertEvents(
  db: Db,
  shopId: string,
  stream: AnalyticsStream,
  events: AppEvent[],
  now: Date,
): Promise<number> {
  await db.insert(appEvents).values(
    events.map(({ action, category, stage, sessionId, occurredAt, ...rest }) => ({
      shopId,
      stream,
      action,
      category,
      stage: stage ?? null,
      sessionId: sessionId ?? null,
      payload: rest,
      occurredAt: occurredAt ? new Date(occurredAt) : now,
    })),
  );
  return events.length;
}

export async function listEvents(
  db: Db,
  shopId: string,
  filter: { stream?: AnalyticsStream; category?: string; action?: string; limit: number },
): Promise<AppEventRow[]> {
  const conditions: SQL[] = [eq(appEvents.shopId, shopId)];
  if (filter.stream) conditions.push(eq(appEvents.stream, filter.stream));
  if (filter.category) conditions.push(eq(appEvents.category, filter.category));
  if (filter.action) conditions.push(eq(appEvents.action, filter.action));
  return db
    .select()
    .from(appEvents)
    .where(and(...conditions))
    .orderBy(desc(appEvents.occurredAt), desc(appEvents.id))
    .limit(filter.limit);
}

import type { AnalyticsStream, AppEvent, StoredAppEvent } from '@popstage/core/analytics';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appEvents } from '../../db/schema';

export async function insertEvents(
  db: Db,
  shopId: string,
  stream: AnalyticsStream,
  events: AppEvent[],
): Promise<number> {
  const now = new Date();
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
): Promise<StoredAppEvent[]> {
  const conditions: SQL[] = [eq(appEvents.shopId, shopId)];
  if (filter.stream) conditions.push(eq(appEvents.stream, filter.stream));
  if (filter.category) conditions.push(eq(appEvents.category, filter.category));
  if (filter.action) conditions.push(eq(appEvents.action, filter.action));
  const rows = await db
    .select()
    .from(appEvents)
    .where(and(...conditions))
    .orderBy(desc(appEvents.occurredAt), desc(appEvents.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    ...(row.payload as Partial<AppEvent>),
    id: row.id,
    stream: row.stream,
    action: row.action,
    category: row.category,
    ...(row.stage ? { stage: row.stage } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  }));
}

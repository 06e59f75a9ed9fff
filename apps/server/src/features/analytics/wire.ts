import type { AppEvent, ClipLikes, ClipViews, StoredAppEvent } from '@popstage/core/analytics';
import type { AppEventRow } from './event-store';

/** A stored event as the admin reads it: the payload as sent plus the server's fields. */
export function toStoredAppEvent(row: AppEventRow): StoredAppEvent {
  return {
    ...(row.payload as Partial<AppEvent>),
    id: row.id,
    stream: row.stream,
    action: row.action,
    category: row.category,
    ...(row.stage ? { stage: row.stage } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** Each asked clip in order, 0 for those without views. */
export function toClipViews(clipIds: string[], views: Map<string, number>): ClipViews[] {
  return clipIds.map((id) => ({ clip_id: id, clip_total_views: views.get(id) ?? 0 }));
}

/** Each asked clip in order, 0 for those without likes. */
export function toClipLikes(clipIds: string[], likes: Map<string, number>): ClipLikes[] {
  return clipIds.map((id) => ({ clip_id: id, likes: likes.get(id) ?? 0 }));
}

import { type StorefrontEvent, VIEW_DEDUPE_MINUTES } from '@popstage/core/storefront';

/** Pure parts of the events ingest: what a batch means before it touches the database. */

/** Views after this instant count against a new one of the same visitor and clip. */
export function viewDedupeSince(now: Date, minutes = VIEW_DEDUPE_MINUTES): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

/** Whether a view at `at` counts after the visitor's last counted view of the clip. */
export function viewCounts(lastCounted: Date | null, at: Date, minutes = VIEW_DEDUPE_MINUTES) {
  return lastCounted === null || lastCounted.getTime() <= viewDedupeSince(at, minutes).getTime();
}

/** How old a client time may be: a day (a page kept open, a batch sent late). */
export const EVENT_MAX_AGE_MS = 24 * 60 * 60_000;
/**
 * On the sandbox platform only: the sandbox's traffic generator backdates a month of visits
 * through the real ingest (docs/decisions.md "Insights (issue 15)"). Never in Shopify mode.
 */
export const SANDBOX_EVENT_MAX_AGE_MS = 35 * 24 * 60 * 60_000;

/**
 * The widget's clock is not trusted: a missing, future or too old `at` (more than a day by
 * default) becomes the receiving time.
 */
export function occurredAt(at: string | undefined, now: Date, maxAgeMs = EVENT_MAX_AGE_MS): Date {
  if (!at) return now;
  const parsed = new Date(at);
  const t = parsed.getTime();
  if (Number.isNaN(t) || t > now.getTime() || t < now.getTime() - maxAgeMs) return now;
  return parsed;
}

export interface PlannedEvent {
  clipId: string;
  type: StorefrontEvent['type'];
  productId: string | null;
  occurredAt: Date;
}

export interface BatchPlan {
  /** The first view of each clip in the batch (later ones are duplicates within the batch). */
  views: PlannedEvent[];
  /** Every other event, stored as it came. */
  others: PlannedEvent[];
  /** The batch's last word on each liked or unliked clip. */
  likes: Map<string, boolean>;
  /** Views dropped within the batch itself. */
  dedupedInBatch: number;
}

/** Splits a batch of known-clip events into views (deduped in the batch), others and likes. */
export function planBatch(
  events: StorefrontEvent[],
  now: Date,
  maxAgeMs = EVENT_MAX_AGE_MS,
): BatchPlan {
  const views: PlannedEvent[] = [];
  const others: PlannedEvent[] = [];
  const likes = new Map<string, boolean>();
  const seenViews = new Set<string>();
  let dedupedInBatch = 0;
  for (const event of events) {
    const planned: PlannedEvent = {
      clipId: event.clipId,
      type: event.type,
      productId: event.productId ?? null,
      occurredAt: occurredAt(event.at, now, maxAgeMs),
    };
    if (event.type === 'view') {
      if (seenViews.has(event.clipId)) dedupedInBatch += 1;
      else {
        seenViews.add(event.clipId);
        views.push(planned);
      }
      continue;
    }
    others.push(planned);
    if (event.type === 'like' || event.type === 'unlike') {
      likes.set(event.clipId, event.type === 'like');
    }
  }
  return { views, others, likes, dedupedInBatch };
}

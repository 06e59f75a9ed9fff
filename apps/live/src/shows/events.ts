import type { LiveShowEvent } from '@popstage/core/live';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { LiveDb } from '../db/database';
import { events } from '../db/schema';

/** Records a show event; every process's poller delivers it to its SSE clients. */
export async function appendEvent(
  db: LiveDb,
  showId: string,
  event: LiveShowEvent,
  now: number,
): Promise<void> {
  await db.insert(events).values({ showId, event, at: now });
}

type Listener = (event: LiveShowEvent) => void;

interface ShowFeed {
  listeners: Set<Listener>;
  after: number;
  timer: NodeJS.Timeout;
  polling: boolean;
}

/**
 * The SSE fan-out of one process: one poller per show with clients here, reading the show's
 * events after the last it delivered (so several stateless web processes each serve their own
 * clients from the shared table). It stops when the show's last client leaves.
 */
export function createEventHub(db: LiveDb, options: { intervalMs?: number } = {}) {
  const feeds = new Map<string, ShowFeed>();
  const intervalMs = options.intervalMs ?? 500;

  async function poll(showId: string, feed: ShowFeed) {
    if (feed.polling) return;
    feed.polling = true;
    try {
      const rows = await db
        .select({ seq: events.seq, event: events.event })
        .from(events)
        .where(and(eq(events.showId, showId), gt(events.seq, feed.after)))
        .orderBy(asc(events.seq))
        .limit(500);
      for (const row of rows) {
        feed.after = row.seq;
        for (const listener of feed.listeners) listener(row.event as LiveShowEvent);
      }
    } catch (error) {
      // A lost connection or a closed database: the next tick tries again (or the hub is closed).
      console.warn(`[live events] poll failed: ${(error as Error).message}`);
    } finally {
      feed.polling = false;
    }
  }

  return {
    /** Calls `listener` with each event of the show recorded from now on; returns the unsubscribe. */
    async subscribe(showId: string, listener: Listener): Promise<() => void> {
      let feed = feeds.get(showId);
      if (!feed) {
        const [last] = await db
          .select({ seq: max(events.seq) })
          .from(events)
          .where(eq(events.showId, showId));
        // Another subscribe may have made the feed while this one read the cursor.
        feed = feeds.get(showId);
        if (!feed) {
          const made: ShowFeed = {
            listeners: new Set(),
            after: Number(last?.seq ?? 0),
            polling: false,
            timer: setInterval(() => void poll(showId, made), intervalMs),
          };
          made.timer.unref();
          feeds.set(showId, made);
          feed = made;
        }
      }
      const current = feed;
      current.listeners.add(listener);
      return () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && feeds.get(showId) === current) {
          clearInterval(current.timer);
          feeds.delete(showId);
        }
      };
    },
    close() {
      for (const feed of feeds.values()) clearInterval(feed.timer);
      feeds.clear();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

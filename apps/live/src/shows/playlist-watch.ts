import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EdgeRequest, playlistEdge, satisfies } from '../media/playlist-edge';
import { type LiveStorage, showMediaKeys } from '../media/port';

interface Waiter {
  request: EdgeRequest;
  answer(playlist: string | null): void;
}

/**
 * Blocking playlist reloads of one process: the requests waiting on a show share one loop that
 * reads its stored live playlist every `intervalMs` while any waits, and answers each as soon as
 * a read satisfies it. The storage is the only truth, so every web process on it answers alike.
 */
export function createPlaylistWatch(storage: LiveStorage, options: { intervalMs?: number } = {}) {
  const intervalMs = options.intervalMs ?? 50;
  const watched = new Map<string, Set<Waiter>>();
  let closed = false;

  async function read(showId: string): Promise<string | null> {
    const stream = await storage.open(showMediaKeys(showId).livePlaylist);
    return stream ? text(stream) : null;
  }

  async function poll(showId: string, waiters: Set<Waiter>) {
    while (waiters.size > 0) {
      const playlist = await read(showId).catch((error: unknown) => {
        // A storage hiccup: the next read tries again, and the waiters' hold time still runs.
        console.warn(`[live playlist] read failed: ${(error as Error).message}`);
        return null;
      });
      const edge = playlist === null ? null : playlistEdge(playlist);
      if (playlist !== null && edge) {
        for (const waiter of waiters) {
          if (satisfies(edge, waiter.request)) waiter.answer(playlist);
        }
      }
      if (waiters.size > 0) await sleep(intervalMs, undefined, { ref: false });
    }
    watched.delete(showId);
  }

  return {
    /** The show's stored live playlist now, or null when none is stored. */
    read,

    /**
     * The first stored playlist that satisfies `request`; null after `timeoutMs`, once `signal`
     * aborts (the player went away) or once the watch is closed.
     */
    wait(
      showId: string,
      request: EdgeRequest,
      options: { timeoutMs: number; signal: AbortSignal },
    ): Promise<string | null> {
      if (closed || options.signal.aborted) return Promise.resolve(null);
      let waiters = watched.get(showId);
      const first = !waiters;
      if (!waiters) {
        waiters = new Set();
        watched.set(showId, waiters);
      }
      const shared = waiters;
      return new Promise((resolve) => {
        const waiter: Waiter = {
          request,
          answer(playlist) {
            shared.delete(waiter);
            clearTimeout(timer);
            options.signal.removeEventListener('abort', giveUp);
            resolve(playlist);
          },
        };
        const giveUp = () => waiter.answer(null);
        const timer = setTimeout(giveUp, options.timeoutMs);
        timer.unref();
        options.signal.addEventListener('abort', giveUp, { once: true });
        shared.add(waiter);
        if (first) void poll(showId, shared);
      });
    },

    /** How many requests wait on the show in this process. */
    waiting: (showId: string) => watched.get(showId)?.size ?? 0,

    /** Answers every waiting request with null and stops the loops (the service is closing). */
    close() {
      closed = true;
      for (const waiters of watched.values()) {
        for (const waiter of waiters) waiter.answer(null);
      }
    },
  };
}

export type PlaylistWatch = ReturnType<typeof createPlaylistWatch>;

import type { Readable } from 'node:stream';

/**
 * Where the live service keeps media (HLS playlists and segments, replays): local disk served by
 * the service itself, or the app's S3 bucket under a prefix (a CDN in front at scale). Viewers
 * fetch from `url(key)`; no web process streams video to shoppers.
 */
export interface LiveStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object, or null when absent. */
  get(key: string): Promise<Readable | null>;
  /** Deletes every object under the prefix (a show's media: `shows/<showId>/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** A URL a browser can GET the object from (public, or signed for long enough to watch). */
  url(key: string): string;
}

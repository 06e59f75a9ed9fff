import type { LiveDb } from './db/database';
import type { HlsSession, LiveMedia } from './media/port';
import type { EventHub } from './shows/events';

/** What every part of the service works with, made once by openLiveService. */
export interface LiveContext {
  db: LiveDb;
  /** Public origin + mount path, e.g. `https://app.example.com/live-service`. */
  baseUrl: string;
  apiKey: string;
  secret: string;
  media: LiveMedia;
  now: () => number;
  hub: EventHub;
  /** The broadcasts this process is packaging, by show id. */
  sessions: Map<string, HlsSession>;
  /** `rtmp://host:port/live` when an RTMP server runs, else null. */
  rtmpUrl: string | null;
}

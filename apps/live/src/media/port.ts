import type { LiveStorage } from '../storage/port';

/** One show's media pipeline: broadcast in, HLS out into storage, the replay at the end. */
export interface HlsSession {
  /** A MediaRecorder chunk (WebM) from the studio's WebSocket, in order. */
  writeChunk(chunk: Buffer): void;
  /** The broadcast ended: flush, write the replay (MP4 and VOD playlist) into storage. */
  finish(): Promise<{ durationSeconds: number }>;
  /** Stops without a replay (the show was ended without any media, or the service stops). */
  abort(): Promise<void>;
  /** Media seconds broadcast so far (pins are stamped with it for the replay's timeline). */
  mediaSeconds(): number;
}

export interface HlsSessionOptions {
  showId: string;
  storage: LiveStorage;
  ffmpegPath: string;
  /** WebM chunks written through writeChunk, or an RTMP stream ffmpeg reads itself. */
  input: { kind: 'chunks' } | { kind: 'rtmp'; url: string };
}

/** Storage keys of a show's media. */
export const showMedia = {
  prefix: (showId: string) => `shows/${showId}/`,
  livePlaylist: (showId: string) => `shows/${showId}/live.m3u8`,
  vodPlaylist: (showId: string) => `shows/${showId}/vod.m3u8`,
  replay: (showId: string) => `shows/${showId}/replay.mp4`,
} as const;

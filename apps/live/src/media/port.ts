import type { Readable, Writable } from 'node:stream';

/**
 * The live service's media faces (issue 32). The service's show logic (sellers, studio, viewer
 * API) uses only these; src/media implements them with ffmpeg, node-media-server and storage.
 */

/** Where a show's media goes: HLS segments and playlists while live, the replay after. */
export interface LiveStorage {
  put(
    key: string,
    body: Buffer | Readable,
    options: { contentType: string; cacheControl: string },
  ): Promise<void>;
  /** The object as a stream, or null when there is none (the seller API streams the replay). */
  open(key: string): Promise<Readable | null>;
  /** Removes every object under the prefix (a show's media when its replay expires). */
  deletePrefix(prefix: string): Promise<void>;
  /** The public URL viewers (or the CDN in front of the store) fetch the key from. */
  url(key: string): string;
}

/** The keys of one show's media. */
export const showMediaKeys = (showId: string) => ({
  prefix: `shows/${showId}/`,
  livePlaylist: `shows/${showId}/live/index.m3u8`,
  replayPlaylist: `shows/${showId}/replay/index.m3u8`,
  replayMp4: `shows/${showId}/replay.mp4`,
});

export interface ReplayMedia {
  durationSeconds: number;
}

/** One show's packaging: ffmpeg turns the incoming stream into HLS in storage. */
export interface HlsSession {
  /** Where the studio's MediaRecorder chunks (WebM) are written; null for an RTMP broadcast. */
  readonly input: Writable | null;
  /** Resolves once the first segment and the live playlist are stored (the show is watchable). */
  readonly firstSegment: Promise<void>;
  /** Ends the broadcast: last segments stored, the playlist ended, the replay MP4 made. */
  finish(): Promise<ReplayMedia>;
  /** Stops and stores no replay (used when a broadcast is replaced or the process stops). */
  abort(): Promise<void>;
}

export interface LiveMedia {
  readonly storage: LiveStorage;
  /** Packages a browser broadcast: WebM chunks written to the session's input. */
  startBrowser(showId: string): HlsSession;
  /**
   * Packages an RTMP broadcast the RTMP server is receiving under `streamPath`
   * (`/live/{streamKey}`). The RTMP server says where ffmpeg pulls it from (its own port) and
   * whether the video is H.264, which is copied rather than encoded again.
   */
  startRtmp(showId: string, streamPath: string, source?: RtmpSource): HlsSession;
}

export interface RtmpSource {
  /** `rtmp://127.0.0.1:{port}/live/{streamKey}`. */
  url: string;
  copyVideo: boolean;
}

/** The RTMP server's hooks: the service says which show a stream key belongs to. */
export interface RtmpHooks {
  /** The show for this stream key, if it may go live now; null refuses the publish. */
  authorize(streamKey: string): Promise<string | null>;
  /** A publish was accepted and its packaging started. */
  started(showId: string, session: HlsSession): void;
  /** The encoder disconnected (OBS stopped streaming). */
  stopped(showId: string): void;
}

import { defaultFfmpegPath } from './ffmpeg';
import { createHlsSession } from './hls-session';
import type { LiveMedia, LiveStorage } from './port';

export interface LiveMediaOptions {
  storage: LiveStorage;
  /** Defaults to FFMPEG_PATH or @ffmpeg-installer's binary. */
  ffmpegPath?: string;
  /** Where ffmpeg writes segments before they are stored (one folder per broadcast). */
  workDir: string;
  /** Observes each stored object (tests, the latency bench). */
  onStored?: (key: string) => void;
}

/**
 * The live service's media: ffmpeg encodes each broadcast (the studio's WebM or an RTMP stream)
 * into one MPEG-TS stream, which the service cuts into LL-HLS parts (about 0.43 s) and 1 s
 * segments in storage (hls-session.ts), and the replay (VOD playlist and MP4) at the end.
 */
export function createLiveMedia(options: LiveMediaOptions): LiveMedia {
  const { storage, workDir, onStored } = options;
  const ffmpegPath = options.ffmpegPath ?? defaultFfmpegPath();
  return {
    storage,
    startBrowser(showId) {
      return createHlsSession({
        showId,
        source: { kind: 'webm-stdin' },
        storage,
        ffmpegPath,
        workDir,
        onStored,
      });
    },
    startRtmp(showId, streamPath, source) {
      if (!/^\/live\/[A-Za-z0-9_-]+$/.test(streamPath)) {
        throw new Error(`Not an RTMP stream path: ${JSON.stringify(streamPath)}`);
      }
      // Without the RTMP server's word, the default RTMP port on this machine, video encoded.
      const url = source?.url ?? `rtmp://127.0.0.1:1935${streamPath}`;
      return createHlsSession({
        showId,
        source: { kind: 'rtmp', url, copyVideo: source?.copyVideo ?? false },
        storage,
        ffmpegPath,
        workDir,
        onStored,
      });
    },
  };
}

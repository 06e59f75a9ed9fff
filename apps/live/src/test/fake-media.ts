import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { type HlsSession, type LiveMedia, type LiveStorage, showMediaKeys } from '../media/port';

/**
 * A stand-in for the media half (src/media) in unit tests: a browser session collects what the
 * studio sends and, on its first chunk, stores a tiny live playlist; finish stores the replay's
 * playlist and an MP4 (a real test-pattern video when `replayVideo`, so the app can cut it) as
 * long as the broadcast lasted by `now`.
 */
export function fakeMedia(
  storage: LiveStorage,
  options: { now: () => number; replayVideo?: boolean },
) {
  const received = new Map<string, Buffer[]>();
  const aborted: string[] = [];
  const session = (showId: string, input: PassThrough | null): HlsSession => {
    const keys = showMediaKeys(showId);
    const started = options.now();
    const chunks: Buffer[] = [];
    received.set(showId, chunks);
    let firstStored: () => void = () => {};
    const firstSegment = new Promise<void>((resolve) => {
      firstStored = resolve;
    });
    const storeFirst = async () => {
      await storage.put(keys.livePlaylist, Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:1\n'), {
        contentType: 'application/vnd.apple.mpegurl',
        cacheControl: 'max-age=1',
      });
      firstStored();
    };
    input?.on('data', (chunk: Buffer) => {
      if (chunks.push(chunk) === 1) void storeFirst();
    });
    if (!input) void storeFirst();
    return {
      input,
      firstSegment,
      async finish() {
        input?.end();
        const seconds = Math.max(1, Math.round((options.now() - started) / 1000));
        await storage.put(keys.replayPlaylist, Buffer.from('#EXTM3U\n#EXT-X-ENDLIST\n'), {
          contentType: 'application/vnd.apple.mpegurl',
          cacheControl: 'max-age=1',
        });
        await storage.put(
          keys.replayMp4,
          await replayBytes(seconds, options.replayVideo === true),
          {
            contentType: 'video/mp4',
            cacheControl: 'max-age=31536000',
          },
        );
        return { durationSeconds: seconds };
      },
      async abort() {
        aborted.push(showId);
        input?.destroy();
      },
    };
  };
  const media: LiveMedia = {
    storage,
    startBrowser: (showId) => session(showId, new PassThrough()),
    startRtmp: (showId) => session(showId, null),
  };
  return { media, received, aborted };
}

async function replayBytes(seconds: number, video: boolean): Promise<Buffer> {
  if (!video) return Buffer.from('\0\0\0\x18ftypisom-fake-replay');
  const dir = await mkdtemp(path.join(tmpdir(), 'live-fake-replay-'));
  try {
    const file = path.join(dir, 'replay.mp4');
    await promisify(execFile)(ffmpeg.path, [
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=320x240:rate=15:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

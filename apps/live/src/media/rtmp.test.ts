import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, type DiskStorage } from '../storage';
import { defaultFfmpegPath } from './ffmpeg';
import { createLiveMedia } from './live-media';
import { type HlsSession, showMediaKeys } from './port';
import { createRtmpServer, type RunningRtmpServer } from './rtmp';
import { probe } from './test-support';

/** A real RTMP server (node-media-server) and a real encoder (ffmpeg pushing FLV, as OBS does). */

const exec = promisify(execFile);
let root: string;
let disk: DiskStorage;
let server: RunningRtmpServer;
let port: number;
const logs: string[] = [];
const started: { showId: string; session: HlsSession }[] = [];
const stopped: string[] = [];
const authorized: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'live-rtmp-'));
  disk = createDiskStorage({ dir: join(root, 'store'), publicBase: 'http://x/live-service' });
  const media = createLiveMedia({ storage: disk, workDir: join(root, 'work') });
  server = createRtmpServer({
    port: 0,
    media,
    log: (level, message) => logs.push(`${level} ${message}`),
  }).start({
    async authorize(streamKey) {
      authorized.push(streamKey);
      return streamKey === 'k3y-of-show-7' ? 'show-7' : null;
    },
    started: (showId, session) => started.push({ showId, session }),
    stopped: (showId) => stopped.push(showId),
  });
  port = await server.listening;
});
afterAll(async () => {
  await server?.close();
  await Promise.all(started.map(({ session }) => session.abort()));
  await rm(root, { recursive: true, force: true });
});

/** ffmpeg as an encoder: `seconds` of test pattern and tone, H.264 baseline + AAC over RTMP. */
function push(key: string, seconds: number, options: { video?: string; app?: string } = {}) {
  const video =
    options.video ?? '-c:v libx264 -preset ultrafast -profile:v baseline -g 25 -pix_fmt yuv420p';
  return exec(defaultFfmpegPath(), [
    ...'-hide_banner -loglevel error -re -f lavfi'.split(' '),
    ...['-i', `testsrc=size=320x240:rate=25:duration=${seconds}`, '-f', 'lavfi'],
    ...['-i', `sine=frequency=330:sample_rate=44100:duration=${seconds}`],
    ...video.split(' '),
    ...'-c:a aac -f flv'.split(' '),
    `rtmp://127.0.0.1:${port}/${options.app ?? 'live'}/${key}`,
  ]);
}

const waitFor = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('RTMP ingest', () => {
  it('refuses an unknown stream key: the encoder is cut off and nothing is packaged', async () => {
    await expect(push('not-a-key', 3)).rejects.toThrow();
    expect(authorized).toContain('not-a-key');
    expect(started).toEqual([]);
    expect(await readdir(root)).not.toContain('store');
  });

  it('refuses a publish outside /live/ without asking who it is', async () => {
    await expect(push('k3y-of-show-7', 2, { app: 'other' })).rejects.toThrow();
    expect(authorized).toEqual(['not-a-key']);
    expect(started).toEqual([]);
  });

  it('packages a known key into HLS, says when the encoder stops, and makes the replay (H.264 copied)', async () => {
    const keys = showMediaKeys('show-7');
    const pushing = push('k3y-of-show-7', 4);
    await waitFor(() => started.length === 1, 10_000);
    const [broadcast] = started;
    expect(broadcast?.showId).toBe('show-7');
    expect(broadcast?.session.input).toBeNull();
    await broadcast?.session.firstSegment;
    expect(await disk.describe(keys.livePlaylist)).not.toBeNull();
    await pushing;
    await waitFor(() => stopped.length === 1, 5_000);
    expect(stopped).toEqual(['show-7']);

    const replay = await broadcast?.session.finish();
    expect(Math.abs((replay?.durationSeconds ?? 0) - 4)).toBeLessThanOrEqual(1);
    const mp4 = await disk.describe(keys.replayMp4);
    const probed = await probe(mp4?.path ?? '');
    expect(Math.abs(probed.durationSeconds - 4)).toBeLessThanOrEqual(1);
    // The encoder's own H.264 (baseline) reached the replay: copied, not encoded again (which
    // would have made it High).
    expect(probed.streams).toMatch(/Video: h264 \(Constrained Baseline\)/);
    expect(probed.streams).toMatch(/Audio: aac/);
    // node-media-server's chatter went to the log, none of it an error.
    expect(logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('encodes video that is not H.264 (FLV1 from an old encoder), and refuses a second encoder on a live key', async () => {
    started.length = 0;
    stopped.length = 0;
    const pushing = push('k3y-of-show-7', 6, { video: '-c:v flv1 -q:v 5' });
    await waitFor(() => started.length === 1, 10_000);
    await started[0]?.session.firstSegment;
    // Someone else with the key while the show is live: cut off, no second packaging.
    await expect(push('k3y-of-show-7', 2)).rejects.toThrow();
    await pushing;
    await waitFor(() => stopped.length === 1, 5_000);
    expect(started).toHaveLength(1);
    await started[0]?.session.finish();
    const probed = await probe(
      (await disk.describe(showMediaKeys('show-7').replayMp4))?.path ?? '',
    );
    expect(probed.streams).toMatch(/Video: h264 \(High\)/);
  });

  it('closing the server cuts its encoders off: their shows get stopped and keep a replay', async () => {
    started.length = 0;
    stopped.length = 0;
    const pushing = push('k3y-of-show-7', 20);
    await waitFor(() => started.length === 1, 10_000);
    await started[0]?.session.firstSegment;
    await server.close();
    await expect(pushing).rejects.toThrow();
    await waitFor(() => stopped.length === 1, 5_000);
    const replay = await started[0]?.session.finish();
    expect(replay?.durationSeconds).toBeGreaterThan(0);
    // Nobody can publish any more.
    await expect(push('k3y-of-show-7', 1)).rejects.toThrow();
    expect(started).toHaveLength(1);
  });
});

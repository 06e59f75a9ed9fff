import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../storage';
import { LIVE_WINDOW_SEGMENTS } from './hls-session';
import { createLiveMedia } from './live-media';
import { showMediaKeys } from './port';
import {
  makeWebm,
  namedParts,
  namedUris,
  pesTimes,
  probe,
  recordingStorage,
  sleep,
  sliceBytes,
} from './test-support';

/** Real ffmpeg, real files: the studio's WebM in, HLS and the replay out. */

let root: string;
let feed: Buffer;
/** For tests that do not watch the pace: packaged faster than real time. */
let shortFeed: Buffer;
const FEED_SECONDS = 8;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'live-media-'));
  [feed, shortFeed] = await Promise.all([makeWebm(root, FEED_SECONDS), makeWebm(root, 3)]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const PUBLIC = 'http://x/live-service/media/';
/** A live playlist's absolute URI as the storage key it names. */
const keyOf = (uri: string) => {
  expect(uri.startsWith(PUBLIC)).toBe(true);
  return uri.slice(PUBLIC.length);
};
const SEGMENT = /-\d{5}\.ts$/;
const PART = /-\d{5}\.\d+\.ts$/;

async function setUp(name: string) {
  const disk = createDiskStorage({
    dir: join(root, name, 'store'),
    publicBase: 'http://x/live-service',
  });
  const storage = recordingStorage(disk);
  const workDir = join(root, name, 'work');
  const media = createLiveMedia({ storage, workDir });
  return { disk, storage, workDir, media };
}

describe('a browser broadcast', () => {
  it('is stored as HLS while it runs, a segment always before the playlist naming it, and ends as a replay', async () => {
    const { disk, storage, workDir, media } = await setUp('full');
    const keys = showMediaKeys('show-1');
    const session = media.startBrowser('show-1');
    const input = session.input;
    if (!input) throw new Error('A browser session takes input');

    // The studio's 200 ms timeslice: 5 slices a second, written at the camera's pace.
    const chunks = sliceBytes(feed, FEED_SECONDS * 5);
    let lastWrittenAt = 0;
    for (const chunk of chunks) {
      input.write(chunk);
      await sleep(200);
    }
    lastWrittenAt = Date.now();
    await session.firstSegment;

    const replay = await session.finish();
    expect(Math.abs(replay.durationSeconds - FEED_SECONDS)).toBeLessThanOrEqual(1);

    const playlists = storage.puts.filter((p) => p.key === keys.livePlaylist);
    // Live: viewers had a playlist while the seller was still sending.
    expect(playlists[0]?.at).toBeLessThan(lastWrittenAt);
    // The crash/attacker view: at every instant a playlist was stored, each segment and part
    // it names was already stored.
    let partsSeen = 0;
    for (const put of playlists) {
      const text = put.body.toString();
      const named = namedUris(text);
      expect(named.length).toBeLessThanOrEqual(LIVE_WINDOW_SEGMENTS);
      const parts = namedParts(text);
      expect(named.length + parts.length).toBeGreaterThan(0);
      partsSeen = Math.max(partsSeen, parts.length);
      for (const uri of [...named, ...parts]) {
        expect(keyOf(uri)).toMatch(/^shows\/show-1\/live\//);
        expect(put.storedBefore).toContain(keyOf(uri));
      }
    }
    expect(partsSeen).toBeGreaterThan(LIVE_WINDOW_SEGMENTS);
    // A live playlist never ends on a whole segment (hls.js's part timing needs an open part):
    // only the ended one does.
    for (const put of playlists) {
      const lastLine = put.body.toString().trimEnd().split('\n').at(-1) ?? '';
      if (!lastLine.startsWith('#EXT-X-ENDLIST')) expect(lastLine).toMatch(/^#EXT-X-PART:/);
    }
    // LL-HLS: players hold requests on the live service, which answers once a part is stored.
    const first = playlists[0]?.body.toString() ?? '';
    expect(first).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.000\n');
    expect(first).toContain('#EXT-X-PART-INF:PART-TARGET=0.500\n');
    // A part's bytes are the start of its segment's: the segment is its parts, concatenated.
    const segmentPut = storage.puts.find((p) => SEGMENT.test(p.key));
    const ownParts = storage.puts.filter(
      (p) => PART.test(p.key) && p.key.startsWith(segmentPut?.key.replace(/\.ts$/, '.') ?? '-'),
    );
    expect(ownParts.length).toBeGreaterThanOrEqual(2);
    expect(
      Buffer.concat(ownParts.map((p) => p.body)).equals(segmentPut?.body ?? Buffer.alloc(0)),
    ).toBe(true);
    for (const part of ownParts) expect(part.body.length % 188).toBe(0);
    // Each part carries its own moment's audio: ffmpeg's default held audio up to 0.35 s, which
    // put it in the next part, and hls.js then saw holes. A frame of slack (50 ms).
    let withBoth = 0;
    for (const part of storage.puts.filter((p) => PART.test(p.key))) {
      const { video, audio } = pesTimes(part.body);
      if (video.length === 0 || audio.length === 0) continue;
      withBoth++;
      expect(Math.min(...audio), part.key).toBeGreaterThanOrEqual(Math.min(...video) - 0.05);
    }
    // Not vacuous: parts with both kinds of packet were read.
    expect(withBoth).toBeGreaterThan(0);
    // A sliding window: the last playlist starts later than the first.
    const last = playlists.at(-1)?.body.toString() ?? '';
    expect(last).toMatch(/#EXT-X-ENDLIST\n$/);
    expect(Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(last)?.[1])).toBeGreaterThan(0);
    expect(playlists.slice(0, -1).every((p) => !p.body.toString().includes('ENDLIST'))).toBe(true);

    // Segments are ~1 s and each was stored once.
    const segments = storage.puts.filter((p) => SEGMENT.test(p.key));
    expect(new Set(segments.map((s) => s.key)).size).toBe(segments.length);
    expect(segments.length).toBeGreaterThanOrEqual(FEED_SECONDS - 1);
    expect(segments.length).toBeLessThanOrEqual(FEED_SECONDS + 2);

    // The replay's VOD playlist names every segment, all stored, and is complete.
    const vod = (await readStored(disk, keys.replayPlaylist)) ?? '';
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod).toMatch(/#EXT-X-ENDLIST\n$/);
    const vodUris = namedUris(vod);
    expect(vodUris).toEqual(segments.map((s) => `../live/${s.key.split('/').at(-1)}`));
    const vodTotal = [...vod.matchAll(/#EXTINF:([0-9.]+)/g)].reduce((t, m) => t + Number(m[1]), 0);
    expect(Math.abs(vodTotal - replay.durationSeconds)).toBeLessThan(0.01);

    // The replay MP4 plays: H.264 and AAC, as long as the broadcast.
    const mp4 = await disk.describe(keys.replayMp4);
    expect(mp4?.contentType).toBe('video/mp4');
    const probed = await probe(mp4?.path ?? '');
    expect(Math.abs(probed.durationSeconds - FEED_SECONDS)).toBeLessThanOrEqual(1);
    expect(probed.streams).toMatch(/Video: h264/);
    expect(probed.streams).toMatch(/Audio: aac/);
    // The replay is the last thing stored; nothing is left in the work dir.
    expect(storage.puts.at(-1)?.key).toBe(keys.replayPlaylist);
    expect(await readdir(workDir)).toEqual([]);
    expect((await disk.describe(keys.livePlaylist))?.cacheControl).toBe('public, max-age=1');
    expect((await disk.describe(segments[0]?.key ?? ''))?.cacheControl).toMatch(/immutable/);
  });

  it('aborted, stores nothing more and no replay', async () => {
    const { disk, storage, workDir, media } = await setUp('abort');
    const keys = showMediaKeys('show-2');
    const session = media.startBrowser('show-2');
    // Faster than real time: ffmpeg packages as fast as it reads.
    for (const chunk of sliceBytes(shortFeed, 6)) session.input?.write(chunk);
    await session.firstSegment;
    await session.abort();
    const count = storage.puts.length;
    expect(count).toBeGreaterThan(0);
    // Chunks still arriving from the studio are dropped, not an error.
    session.input?.write(feed.subarray(0, 1000));
    await sleep(600);
    expect(storage.puts.length).toBe(count);
    expect(storage.puts.some((p) => p.key.includes('replay'))).toBe(false);
    expect(await disk.open(keys.replayMp4)).toBeNull();
    await expect(session.finish()).rejects.toThrow(/aborted/);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('rides out a storage hiccup: the segment is retried and no playlist names it before it is stored', async () => {
    const { storage, media } = await setUp('flaky');
    let failures = 0;
    const put = storage.put.bind(storage);
    storage.put = async (key, body, options) => {
      if (key.endsWith('-00001.ts') && failures < 3) {
        failures++;
        throw new Error('503 Slow Down');
      }
      return put(key, body, options);
    };
    const session = media.startBrowser('show-5');
    for (const chunk of sliceBytes(shortFeed, 6)) session.input?.write(chunk);
    const replay = await session.finish();
    expect(failures).toBe(3);
    expect(Math.abs(replay.durationSeconds - 3)).toBeLessThanOrEqual(1);
    for (const p of storage.puts.filter((x) => x.key.endsWith('index.m3u8'))) {
      const text = p.body.toString();
      for (const uri of [...namedUris(text), ...namedParts(text)]) {
        const key = uri.startsWith('../') ? `shows/show-5/${uri.slice(3)}` : keyOf(uri);
        expect(p.storedBefore).toContain(key);
      }
    }
  });

  it('reports a store that stays down when the show ends (no replay claimed)', async () => {
    const { storage, media } = await setUp('down');
    const put = storage.put.bind(storage);
    storage.put = async (key, body, options) => {
      if (key.endsWith('.ts')) throw new Error('bucket unreachable');
      return put(key, body, options);
    };
    const session = media.startBrowser('show-6');
    for (const chunk of sliceBytes(shortFeed, 6)) session.input?.write(chunk);
    await expect(session.finish()).rejects.toThrow(/bucket unreachable/);
    expect(storage.puts).toEqual([]);
  });

  it('refuses what is not a WebM: no first segment, no replay, nothing stored', async () => {
    const { storage, media } = await setUp('garbage');
    const session = media.startBrowser('show-3');
    session.input?.write(Buffer.from('this is not a webm stream at all, just text'.repeat(2000)));
    session.input?.end();
    await expect(session.firstSegment).rejects.toThrow(/ffmpeg stopped before the first segment/);
    await expect(session.finish()).rejects.toThrow(/no video/);
    expect(storage.puts).toEqual([]);
  });

  it('keeps two broadcasts of one show apart (a second Go live never overwrites a segment)', async () => {
    const { storage, media } = await setUp('twice');
    const first = media.startBrowser('show-4');
    for (const chunk of sliceBytes(shortFeed, 4)) first.input?.write(chunk);
    await first.finish();
    const second = media.startBrowser('show-4');
    for (const chunk of sliceBytes(shortFeed, 4)) second.input?.write(chunk);
    await second.finish();
    const segmentKeys = storage.puts.filter((p) => p.key.endsWith('.ts')).map((p) => p.key);
    expect(segmentKeys.some((key) => PART.test(key))).toBe(true);
    expect(new Set(segmentKeys).size).toBe(segmentKeys.length);
  });
});

it('refuses a show id that would leave its folder', async () => {
  const { media } = await setUp('bad-id');
  expect(() => media.startBrowser('../other')).toThrow(/Bad show id/);
});

async function readStored(disk: ReturnType<typeof createDiskStorage>, key: string) {
  const stream = await disk.open(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

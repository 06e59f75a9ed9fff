import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { DiskStorage } from '../storage';
import { defaultFfmpegPath } from './ffmpeg';
import type { LiveStorage } from './port';
import { readPts } from './ts-parts';

/** Test helpers: real ffmpeg media, and a store that records what it was given, in order. */

const exec = promisify(execFile);

/**
 * A WebM as Chromium's MediaRecorder makes it (VP8 and Opus, written live: no cues, sizes
 * unknown), `seconds` long, with a test pattern and a tone.
 */
export async function makeWebm(dir: string, seconds: number, size = '640x360'): Promise<Buffer> {
  const file = join(dir, `feed-${seconds}-${size}.webm`);
  await exec(defaultFfmpegPath(), [
    ...'-hide_banner -loglevel error -y -f lavfi'.split(' '),
    ...['-i', `testsrc2=size=${size}:rate=30:duration=${seconds}`, '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...'-c:v libvpx -deadline realtime -cpu-used 8 -b:v 800k -g 60'.split(' '),
    ...'-c:a libopus -live 1 -f webm'.split(' '),
    file,
  ]);
  return readFile(file);
}

/** MediaRecorder's chunks are arbitrary byte slices of one stream: cut it in `count` slices. */
export function sliceBytes(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/** Duration and stream lines of a media file, read by `ffmpeg -i` (it exits 1: no output). */
export async function probe(file: string): Promise<{ durationSeconds: number; streams: string }> {
  const stderr = await exec(defaultFfmpegPath(), ['-hide_banner', '-i', file]).then(
    (r) => r.stderr,
    (error: { stderr: string }) => error.stderr,
  );
  const match = /Duration: (\d+):(\d+):(\d+\.\d+)/.exec(stderr);
  if (!match) throw new Error(`No duration in: ${stderr}`);
  const [, h, m, s] = match;
  return {
    durationSeconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
    streams: stderr
      .split('\n')
      .filter((line) => line.includes('Stream #'))
      .join('\n'),
  };
}

export interface PutRecord {
  key: string;
  at: number;
  /** The keys stored before this one (what a viewer could fetch when this put landed). */
  storedBefore: ReadonlySet<string>;
  body: Buffer;
}

/** Wraps a store: every completed put is recorded with what was stored before it. */
export function recordingStorage(inner: DiskStorage): LiveStorage & { puts: PutRecord[] } {
  const puts: PutRecord[] = [];
  const stored = new Set<string>();
  return {
    puts,
    async put(key, body, options) {
      const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
      const storedBefore = new Set(stored);
      await inner.put(key, bytes, options);
      stored.add(key);
      puts.push({ key, at: Date.now(), storedBefore, body: bytes });
    },
    open: (key) => inner.open(key),
    deletePrefix: (prefix) => inner.deletePrefix(prefix),
    url: (key) => inner.url(key),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The segments' URIs a playlist names. */
export const namedUris = (playlist: string) =>
  playlist.split('\n').filter((line) => line && !line.startsWith('#'));

/** The partial segments' URIs a playlist names (#EXT-X-PART). */
export const namedParts = (playlist: string) =>
  [...playlist.matchAll(/^#EXT-X-PART:.*URI="([^"]+)"/gm)].map((match) => match[1] as string);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The presentation times (seconds) of an MPEG-TS file's PES packets, video (stream ids 0xE0-0xEF)
 * and audio (0xC0-0xDF) apart: which moments of each a part carries.
 */
export function pesTimes(ts: Buffer): { video: number[]; audio: number[] } {
  const times = { video: [] as number[], audio: [] as number[] };
  for (let at = 0; at + 188 <= ts.length; at += 188) {
    if ((ts.readUInt8(at + 1) & 0x40) === 0) continue;
    const control = (ts.readUInt8(at + 3) >> 4) & 0x3;
    const p = at + (control & 0x2 ? 5 + ts.readUInt8(at + 4) : 4);
    if (p + 14 > at + 188) continue;
    const pts = readPts(ts, p);
    if (pts === null) continue;
    const stream = ts.readUInt8(p + 3);
    if (stream >= 0xe0 && stream <= 0xef) times.video.push(pts / 90_000);
    else if (stream >= 0xc0 && stream <= 0xdf) times.audio.push(pts / 90_000);
  }
  return times;
}

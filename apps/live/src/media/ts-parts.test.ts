import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFfmpegPath } from './ffmpeg';
import { probe } from './test-support';
import { createTsPartitioner, type TsPart } from './ts-parts';

/** Real ffmpeg MPEG-TS, as the live packager makes it, cut by the partitioner. */

const exec = promisify(execFile);
const SECONDS = 4;
let root: string;
let stream: Buffer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ts-parts-'));
  const file = join(root, 'stream.ts');
  await exec(defaultFfmpegPath(), [
    ...'-hide_banner -loglevel error -y -f lavfi'.split(' '),
    ...['-i', `testsrc2=size=320x240:rate=30:duration=${SECONDS}`, '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
    ...'-c:v libx264 -preset veryfast -tune zerolatency -pix_fmt yuv420p'.split(' '),
    ...'-force_key_frames expr:gte(t,n_forced*1) -sc_threshold 0'.split(' '),
    ...'-c:a aac -b:a 64k -muxdelay 0.2 -f mpegts'.split(' '),
    file,
  ]);
  stream = await readFile(file);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function cut(chunks: Buffer[]): TsPart[] {
  const parts: TsPart[] = [];
  const partitioner = createTsPartitioner({
    partSeconds: 0.425,
    segmentSeconds: 0.9,
    onPart: (part) => parts.push(part),
  });
  for (const chunk of chunks) partitioner.push(chunk);
  partitioner.end();
  partitioner.end();
  return parts;
}

function segmentsOf(parts: TsPart[]): TsPart[][] {
  const segments: TsPart[][] = [];
  for (const part of parts) {
    const segment = segments[part.segment] ?? [];
    segment.push(part);
    segments[part.segment] = segment;
  }
  return segments;
}

describe('cutting ffmpeg’s MPEG-TS into LL-HLS parts', () => {
  it('makes 1 s segments of ~0.43 s parts, each segment starting on a keyframe with PAT and PMT', () => {
    const parts = cut([stream]);
    const segments = segmentsOf(parts);
    expect(segments).toHaveLength(SECONDS);
    for (const [i, segment] of segments.entries()) {
      expect(segment.map((p) => p.index)).toEqual(segment.map((_, k) => k));
      expect(segment.map((p) => p.independent)).toEqual(segment.map((_, k) => k === 0));
      expect(segment.map((p) => p.endsSegment)).toEqual(
        segment.map((_, k) => k === segment.length - 1),
      );
      const total = segment.reduce((sum, p) => sum + p.durationSeconds, 0);
      expect(total, `segment ${i}`).toBeCloseTo(1, 2);
      // At most the 0.5 s part target; all but the last at least 85 % of it.
      for (const part of segment) expect(part.durationSeconds).toBeLessThanOrEqual(0.5);
      for (const part of segment.slice(0, -1)) {
        expect(part.durationSeconds).toBeGreaterThanOrEqual(0.425);
      }
      const first = segment[0] as TsPart;
      // Whole packets; a segment's first part opens with the PAT (PID 0) then the PMT.
      expect(first.bytes.readUInt8(0)).toBe(0x47);
      expect(((first.bytes.readUInt8(1) & 0x1f) << 8) | first.bytes.readUInt8(2)).toBe(0);
      for (const part of segment) expect(part.bytes.length % 188).toBe(0);
    }
  });

  it('cuts the same parts however the stream is chunked (pipe reads of any size)', () => {
    const whole = cut([stream]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1 }), (sizes) => {
        const chunks: Buffer[] = [];
        for (let at = 0, i = 0; at < stream.length; i++) {
          const size = sizes[i % sizes.length] as number;
          chunks.push(stream.subarray(at, at + size));
          at += size;
        }
        const parts = cut(chunks);
        expect(parts.length).toBe(whole.length);
        parts.forEach((part, i) => {
          expect(part.bytes.equals((whole[i] as TsPart).bytes)).toBe(true);
          expect(part.durationSeconds).toBe((whole[i] as TsPart).durationSeconds);
        });
      }),
      { numRuns: 25 },
    );
  });

  it('each segment plays on its own, as long as its parts say', async () => {
    const segments = segmentsOf(cut([stream]));
    const file = join(root, 'segment-2.ts');
    await writeFile(file, Buffer.concat((segments[2] ?? []).map((p) => p.bytes)));
    const probed = await probe(file);
    expect(probed.streams).toMatch(/Video: h264/);
    expect(probed.streams).toMatch(/Audio: aac/);
    expect(probed.durationSeconds).toBeGreaterThan(0.8);
    expect(probed.durationSeconds).toBeLessThan(1.3);
  });

  it('drops what comes before the first keyframe, and skips bytes out of sync', () => {
    const whole = cut([stream]);
    // A stream joined mid-way (an RTMP encoder's first GOP lost): starts at the next keyframe.
    const joined = cut([stream.subarray(188 * 200)]);
    expect(joined[0]?.independent).toBe(true);
    expect(joined.at(-1)?.bytes.equals(whole.at(-1)?.bytes ?? Buffer.alloc(0))).toBe(true);
    // Garbage before the first sync byte is skipped, the rest cut as before.
    const noisy = cut([Buffer.from('garbage'), stream]);
    expect(noisy.map((p) => p.bytes.length)).toEqual(whole.map((p) => p.bytes.length));
    expect(cut([Buffer.from('not a transport stream at all'.repeat(50))])).toEqual([]);
  });
});

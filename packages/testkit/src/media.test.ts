import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedClip, generateClip } from './clip';
import { photoJpeg, pngImage } from './image';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'popstage-testkit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('images', () => {
  it('makes a PNG, padded to an exact size when asked', () => {
    const png = pngImage({ width: 4, height: 2 });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
    const padded = pngImage({ width: 4, height: 2, bytes: 300 });
    expect(padded.length).toBe(300);
    expect(padded.subarray(0, png.length)).toEqual(png);
    expect(() => pngImage({ bytes: 10 })).toThrow(/needs/);
  });

  it('makes a photo-like JPEG with ffmpeg', async () => {
    const jpeg = await readFile(await photoJpeg(join(dir, 'photo.jpg'), { width: 64, height: 64 }));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});

describe('clips', () => {
  it('generates an MP4 and caches it by name', async () => {
    const spec = {
      seconds: 1,
      width: 64,
      height: 64,
      video: 'h264',
      audio: 'aac',
      container: 'mp4',
      hue: 90,
    } as const;
    const path = await cachedClip(dir, 'tiny', spec);
    expect(path).toBe(join(dir, 'tiny.mp4'));
    expect((await readFile(path)).subarray(4, 8).toString('ascii')).toBe('ftyp');
    const { mtimeMs } = await stat(path);
    expect(await cachedClip(dir, 'tiny', spec)).toBe(path);
    expect((await stat(path)).mtimeMs).toBe(mtimeMs);
    await expect(generateClip(join(dir, 'missing', 'x.mp4'), spec)).rejects.toThrow();
  });
});

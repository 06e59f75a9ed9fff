import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from './ffmpeg';
import { FRAME_CODE, readFrameCode, writeFrameCodeY4m } from './frame-code';

/**
 * The latency camera's code must survive what the live path does to it: H.264 at a low bit rate
 * and a change of size. Frames are encoded, decoded back to grey pixels, and read.
 */
describe('frame-code camera', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'frame-code-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('numbers every frame of the Y4M in order', async () => {
    const y4m = join(dir, 'camera.y4m');
    await writeFrameCodeY4m(y4m, 1);
    const file = await readFile(y4m);
    const { width, height, fps } = FRAME_CODE;
    const header = file.indexOf(0x0a) + 1;
    const frameBytes = 'FRAME\n'.length + width * height * 1.5;
    expect(file.length).toBe(header + fps * frameBytes);
    for (const n of [0, 1, 17, fps - 1]) {
      const luma = file.subarray(
        header + n * frameBytes + 6,
        header + n * frameBytes + 6 + width * height,
      );
      expect(readFrameCode((x, y) => luma[y * width + x] ?? 0, width, height)).toBe(n);
    }
  });

  it('reads the numbers back after H.264 at 300 kbit/s, scaled to 640x360', async () => {
    const y4m = join(dir, 'camera.y4m');
    await writeFrameCodeY4m(y4m, 2);
    const gray = join(dir, 'decoded.gray');
    await runFfmpeg([
      ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', y4m],
      ...[
        '-c:v',
        'libx264',
        '-b:v',
        '300k',
        '-preset',
        'veryfast',
        '-f',
        'mp4',
        join(dir, 'c.mp4'),
      ],
    ]);
    await runFfmpeg([
      ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', join(dir, 'c.mp4')],
      ...['-vf', 'scale=640:360', '-pix_fmt', 'gray', '-f', 'rawvideo', gray],
    ]);
    const pixels = await readFile(gray);
    const frame = 640 * 360;
    const read: (number | null)[] = [];
    for (let n = 0; n < pixels.length / frame; n++) {
      const at = n * frame;
      read.push(readFrameCode((x, y) => pixels[at + y * 640 + x] ?? 0, 640, 360));
    }
    expect(read).toHaveLength(2 * FRAME_CODE.fps);
    expect(read).toEqual(read.map((_, n) => n));
  });

  it('answers null for a picture without a code, never a wrong number', () => {
    expect(readFrameCode(() => 128, 320, 180)).toBeNull();
  });
});

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/**
 * A camera whose every frame carries its own number, for measuring glass-to-glass latency (issue
 * 32): Chromium plays a Y4M file as its fake camera (--use-file-for-fake-video-capture), the
 * seller's studio broadcasts it, and a shopper's page reads the number back off the decoded
 * video. Both pages run in one browser, so the difference of the two numbers read at the same
 * moment, divided by the frame rate, is the latency.
 *
 * The number is drawn as BITS square blocks in a row across the middle of the picture, white
 * for 1 and black for 0, most significant first, on a mid-grey frame: big enough (WIDTH / BITS
 * wide) to survive H.264 at low bit rates and scaling, read by sampling each block's centre.
 */
export const FRAME_CODE = { width: 320, height: 180, bits: 16, fps: 30 } as const;

const BLOCK = FRAME_CODE.width / FRAME_CODE.bits;
const ROW_TOP = Math.round((FRAME_CODE.height - BLOCK) / 2);
const GREY = 128;

/** The Y (luma) plane of frame `n`; chroma is neutral (128), so the picture is grey scale. */
function lumaOf(n: number): Buffer {
  const { width, height, bits } = FRAME_CODE;
  const luma = Buffer.alloc(width * height, GREY);
  for (let bit = 0; bit < bits; bit++) {
    const on = (n >> (bits - 1 - bit)) & 1;
    const value = on ? 235 : 16;
    for (let y = ROW_TOP; y < ROW_TOP + BLOCK; y++) {
      luma.fill(value, y * width + bit * BLOCK, y * width + (bit + 1) * BLOCK);
    }
  }
  return luma;
}

/** Writes `seconds` of numbered frames as a Y4M file (4:2:0) Chromium can use as its camera. */
export async function writeFrameCodeY4m(path: string, seconds: number): Promise<void> {
  const { width, height, fps } = FRAME_CODE;
  const out = createWriteStream(path);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  out.write(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  for (let n = 0; n < seconds * fps; n++) {
    if (!out.write('FRAME\n')) await once(out, 'drain');
    out.write(lumaOf(n));
    if (!out.write(chroma)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * Reads the frame number off a picture: `luma(x, y)` answers the brightness (0-255) at a pixel
 * of a picture `width` x `height` (the decoded video, any size: the code scales with it). Null
 * when a block is neither clearly light nor clearly dark (a frame in transition, or no code).
 */
export function readFrameCode(
  luma: (x: number, y: number) => number,
  width: number,
  height: number,
): number | null {
  const { bits } = FRAME_CODE;
  const scale = width / FRAME_CODE.width;
  const y = Math.round((ROW_TOP + BLOCK / 2) * (height / FRAME_CODE.height));
  let n = 0;
  for (let bit = 0; bit < bits; bit++) {
    const value = luma(Math.round((bit + 0.5) * BLOCK * scale), y);
    if (value > 96 && value < 160) return null;
    n = (n << 1) | (value >= 160 ? 1 : 0);
  }
  return n;
}

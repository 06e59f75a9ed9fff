import { fitWithin, type Size, type StillFormat } from './plan';

/** The silent loop the featured bubble, miniplayer and carousel tiles play (issue 19). */
export const LOOP_SECONDS = 2.5;
export const LOOP_WIDTH = 240;
export const LOOP_FPS = 15;
/**
 * The loop's budget: the bubble's first moving frame waits for all of it on a phone's link
 * (in the video bench's traces its first frame came with its last byte: 40 KB is 0.2 s at
 * Lighthouse's 1.6 Mbit/s, where 56 KB at the former 160 kbit/s took 0.28 s). The rate cap keeps any picture
 * within it.
 */
export const LOOP_MAX_BYTES = 40_000;
/** 2.5 s at this cap is about 30 KB plus the index; enough for a 110 px bubble's 240 px loop. */
const LOOP_RATE = '96k';
export const POSTER_MAX_SIDE = 720;

const BASE = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];

export function loopSize(size: Size): Size {
  const width = Math.min(LOOP_WIDTH, size.width);
  return fitWithin({ width, height: (size.height * width) / size.width }, Number.POSITIVE_INFINITY);
}

/**
 * An H.264 MP4 of the first 2.5 s, no audio, 240 px wide at 15 fps: a <video muted loop> plays it
 * where a GIF of the same seconds weighs ten times more. 96 kbit/s capped is about 35 KB (at
 * 240 px and 15 fps, 0.06 bit a pixel a frame: soft, but the bubble shows it at 110 CSS px).
 */
export function loopArgs(input: string, output: string, size: Size): string[] {
  const fit = loopSize(size);
  return [
    ...BASE,
    '-t',
    String(LOOP_SECONDS),
    '-i',
    input,
    '-an',
    '-dn',
    '-sn',
    '-vf',
    `fps=${LOOP_FPS},scale=${fit.width}:${fit.height},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-crf',
    '28',
    '-maxrate',
    LOOP_RATE,
    '-bufsize',
    LOOP_RATE,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/** The shoppers' poster: WebP, the thumbnail's frame, longest side at most 720. */
export const WEBP_POSTER: StillFormat = {
  maxSide: POSTER_MAX_SIDE,
  encoder: ['-c:v', 'libwebp', '-quality', '72', '-f', 'webp'],
};

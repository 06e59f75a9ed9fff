import { fitWithin, type Size, type StillFormat } from './plan';

/** The silent loop the featured bubble, miniplayer and carousel tiles play (issue 19). */
export const LOOP_SECONDS = 2.5;
export const LOOP_WIDTH = 240;
export const LOOP_FPS = 15;
/**
 * The loop's budget: the bubble's first moving frame waits for it on a phone's link (1.6 Mbit/s
 * on Lighthouse's profile: 64 KB is about a third of a second). The rate cap keeps any picture
 * within it.
 */
export const LOOP_MAX_BYTES = 64_000;
export const POSTER_MAX_SIDE = 720;

const BASE = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];

export function loopSize(size: Size): Size {
  const width = Math.min(LOOP_WIDTH, size.width);
  return fitWithin({ width, height: (size.height * width) / size.width }, Number.POSITIVE_INFINITY);
}

/**
 * An H.264 MP4 of the first 2.5 s, no audio, 240 px wide at 15 fps: a <video muted loop> plays it
 * where a GIF of the same seconds weighs ten times more. 160 kbit/s capped is about 50 KB (at
 * 240 px and 15 fps, about 0.1 bit a pixel a frame, what 240p video streams at).
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
    '160k',
    '-bufsize',
    '160k',
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

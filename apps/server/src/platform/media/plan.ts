import type { ProbeResult } from './probe';

/** Longest side of the playable file. */
export const MAX_PLAYABLE_SIDE = 1920;
export const MAX_THUMBNAIL_SIDE = 720;
export const PREVIEW_WIDTH = 320;
export const PREVIEW_SECONDS = 3;
export const PREVIEW_FPS = 10;

export interface Size {
  width: number;
  height: number;
}

/** Per stream: copy it as it is, or re-encode it. `reasons` says why anything is re-encoded. */
export interface PlayablePlan {
  video: 'copy' | 'encode';
  audio: 'copy' | 'encode' | 'none';
  /** Size of the playable picture as shown. */
  size: Size;
  reasons: string[];
}

/** Size as players show it: a 90° or 270° rotation swaps the sides. */
export function displaySize(probe: ProbeResult): Size {
  const turned = probe.rotation === 90 || probe.rotation === 270;
  return turned
    ? { width: probe.height, height: probe.width }
    : { width: probe.width, height: probe.height };
}

/**
 * Copy what every browser already plays: H.264 4:2:0 8-bit video with its longest side at most
 * 1920 and AAC audio, from an MP4/MOV container. Copying only moves the index to the front, so
 * the clip plays within a second; a stream that fails a test is re-encoded (H.264 or AAC).
 */
export function planPlayable(probe: ProbeResult): PlayablePlan {
  const reasons: string[] = [];
  const container = probe.formatName.split(',').some((name) => name === 'mov' || name === 'mp4');
  if (!container) reasons.push(`container ${probe.formatName}`);
  if (probe.videoCodec !== 'h264') reasons.push(`video codec ${probe.videoCodec}`);
  if (probe.pixelFormat !== 'yuv420p') reasons.push(`pixel format ${probe.pixelFormat}`);
  const display = displaySize(probe);
  if (Math.max(display.width, display.height) > MAX_PLAYABLE_SIDE) {
    reasons.push(`size ${display.width}x${display.height}`);
  }
  const video = reasons.length === 0 ? 'copy' : 'encode';
  let audio: PlayablePlan['audio'] = 'none';
  if (probe.audioCodec !== null) {
    audio = container && probe.audioCodec === 'aac' ? 'copy' : 'encode';
    if (probe.audioCodec !== 'aac') reasons.push(`audio codec ${probe.audioCodec}`);
  }
  const size = video === 'copy' ? display : fitWithin(display, MAX_PLAYABLE_SIDE);
  return { video, audio, size, reasons };
}

/** The fast path: the picture is copied, not re-encoded (audio alone is cheap to encode). */
export const isRemux = (plan: PlayablePlan) => plan.video === 'copy';

/** Scales down (never up) so the longest side is at most `max`, keeping aspect, even sides. */
export function fitWithin(size: Size, max: number): Size {
  const scale = Math.min(1, max / Math.max(size.width, size.height));
  return { width: even(size.width * scale), height: even(size.height * scale) };
}

// x264 with 4:2:0 chroma needs even sides.
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

// First video and first audio only: phones add data tracks (timed metadata) that MP4 cannot carry.
const MAP = ['-map', '0:v:0', '-map', '0:a:0?', '-dn', '-sn'];
const BASE = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-stats'];

/** The ffmpeg arguments that make the playable MP4. `output` may have any extension. */
export function playableArgs(plan: PlayablePlan, input: string, output: string): string[] {
  const video =
    plan.video === 'copy'
      ? ['-c:v', 'copy']
      : [
          '-vf',
          `scale=${plan.size.width}:${plan.size.height},format=yuv420p`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-profile:v',
          'high',
        ];
  const audio = plan.audio === 'encode' ? ['-c:a', 'aac', '-b:a', '128k'] : ['-c:a', 'copy'];
  return [
    ...BASE,
    '-i',
    input,
    ...MAP,
    ...video,
    ...audio,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/** Thumbnail time: 1 s in, or 10% of a short clip, so it is rarely a black first frame. */
export function thumbnailSeconds(durationSeconds: number): number {
  return Math.min(1, durationSeconds * 0.1);
}

/** A still picture of the clip: its longest side at most, and how ffmpeg encodes it. */
export interface StillFormat {
  maxSide: number;
  encoder: string[];
}

/** The merchant's thumbnail: JPEG, longest side at most 720. */
export const JPEG_THUMBNAIL: StillFormat = {
  maxSide: MAX_THUMBNAIL_SIDE,
  encoder: ['-q:v', '3', '-f', 'image2', '-update', '1', '-c:v', 'mjpeg'],
};

/** One frame at the thumbnail's time, scaled within the format's side: thumbnail and poster. */
export function stillArgs(
  format: StillFormat,
  input: string,
  output: string,
  size: Size,
  durationSeconds: number,
): string[] {
  const fit = fitWithin(size, format.maxSide);
  return [
    ...BASE,
    '-ss',
    thumbnailSeconds(durationSeconds).toFixed(3),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${fit.width}:${fit.height}`,
    ...format.encoder,
    output,
  ];
}

export function previewSize(size: Size): Size {
  const width = Math.min(PREVIEW_WIDTH, size.width);
  return fitWithin({ width, height: (size.height * width) / size.width }, Number.POSITIVE_INFINITY);
}

/**
 * A looping GIF of the first seconds at 10 fps. One pass with a palette made from these frames
 * (stats_mode=diff favours what moves); rectangle diff_mode keeps unchanged pixels out of frames.
 */
export function previewArgs(input: string, output: string, size: Size): string[] {
  const fit = previewSize(size);
  const filter =
    `fps=${PREVIEW_FPS},scale=${fit.width}:${fit.height}:flags=lanczos,split[a][b];` +
    '[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle';
  return [
    ...BASE,
    '-t',
    String(PREVIEW_SECONDS),
    '-i',
    input,
    '-an',
    '-filter_complex',
    filter,
    '-loop',
    '0',
    '-f',
    'gif',
    output,
  ];
}

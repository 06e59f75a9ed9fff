import { displaySize, type PlayablePlan, type Size } from './plan';
import type { ProbeResult } from './probe';

/** One step of the ladder: its short side (portrait or landscape) and bit-rate caps. */
export interface Rung {
  name: string;
  shortSide: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * The ladder shoppers get (docs/decisions.md, "Video delivery"): the caps are maxrate with a
 * buffer of twice that, so a 20 s clip on the 360p rung stays near 1.9 MB and starts on
 * Lighthouse's 1.6 Mbit/s mobile profile.
 */
export const LADDER: readonly Rung[] = [
  { name: '360p', shortSide: 360, videoKbps: 650, audioKbps: 64 },
  { name: '540p', shortSide: 540, videoKbps: 1200, audioKbps: 96 },
  { name: '720p', shortSide: 720, videoKbps: 2000, audioKbps: 128 },
  { name: '1080p', shortSide: 1080, videoKbps: 3500, audioKbps: 128 },
];

/** A rung made for one clip: its size follows the clip's shape. */
export interface RungTarget extends Size {
  rung: Rung;
  /** Output file name in the work directory. */
  file: string;
}

export interface DeliveryPlan {
  /**
   * What makes the clip playable first: the source remuxed (already H.264/AAC within the top
   * rung's caps), or the smallest rung encoded on its own.
   */
  first: { kind: 'remux'; size: Size } | { kind: 'encode'; target: RungTarget };
  /** The other rungs, made together in one ffmpeg run (split filter). */
  ladder: RungTarget[];
}

/** Scales so the short side is `short` (never up), even sides, same shape. */
export function sizeForShortSide(size: Size, short: number): Size {
  const scale = Math.min(1, short / Math.min(size.width, size.height));
  return { width: even(size.width * scale), height: even(size.height * scale) };
}
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The rungs a clip gets: those no taller than it (a small clip gets the first, at its size). */
export function rungsFor(display: Size): RungTarget[] {
  const short = Math.min(display.width, display.height);
  const fitting = LADDER.filter((rung) => rung.shortSide <= short);
  const rungs = fitting.length > 0 ? fitting : [LADDER[0] as Rung];
  return rungs.map((rung) => ({
    rung,
    file: `rendition-${rung.name}.mp4`,
    ...sizeForShortSide(display, rung.shortSide),
  }));
}

export const rungBitsPerSecond = (rung: Rung) => (rung.videoKbps + rung.audioKbps) * 1000;

/**
 * The fast path stays when the source is what browsers play (planPlayable copies it) and its
 * bit rate is within the top rung's caps: remuxed, it is that rung. A heavier source would cost a
 * phone its whole connection, so the smallest rung is encoded first and the clip plays from it.
 */
export function planDelivery(probe: ProbeResult, playable: PlayablePlan): DeliveryPlan {
  const display = displaySize(probe);
  const rungs = rungsFor(display);
  const top = rungs.at(-1) as RungTarget;
  const light = probe.bitRate !== null && probe.bitRate <= rungBitsPerSecond(top.rung);
  if (playable.video === 'copy' && light) {
    return { first: { kind: 'remux', size: display }, ladder: rungs.slice(0, -1) };
  }
  const [smallest, ...rest] = rungs as [RungTarget, ...RungTarget[]];
  return { first: { kind: 'encode', target: smallest }, ladder: rest };
}

// First video and first audio only: phones add data tracks that MP4 cannot carry.
const BASE = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-stats'];

/** x264 options every rung shares: High profile, 2 s GOPs on any frame rate, capped rate. */
function rungEncoding(rung: Rung, hasAudio: boolean, preset: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    'high',
    '-crf',
    '23',
    '-maxrate',
    `${rung.videoKbps}k`,
    '-bufsize',
    `${rung.videoKbps * 2}k`,
    // A key frame every 2 s whatever the frame rate, and none forced in between by scene cuts:
    // players and seeking can rely on the 2 s grid.
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-sc_threshold',
    '0',
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'] : []),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ];
}

const scale = (target: Size) => `scale=${target.width}:${target.height},format=yuv420p`;

/** One rung on its own (the first playable file of a heavy source): fastest preset. */
export function singleRungArgs(
  input: string,
  output: string,
  target: RungTarget,
  hasAudio: boolean,
): string[] {
  return [
    ...BASE,
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-dn',
    '-sn',
    '-vf',
    scale(target),
    ...rungEncoding(target.rung, hasAudio, 'veryfast'),
    output,
  ];
}

/**
 * Every rung in one run: the source is decoded once and split, each branch scaled and encoded
 * to its own MP4 (`outputs` in the order of `targets`).
 */
export function ladderArgs(
  input: string,
  targets: readonly RungTarget[],
  outputs: readonly string[],
  hasAudio: boolean,
): string[] {
  const branches = targets.map((_, i) => `[v${i}]`).join('');
  const scales = targets.map((target, i) => `[v${i}]${scale(target)}[o${i}]`).join(';');
  const filter = `[0:v:0]split=${targets.length}${branches};${scales}`;
  return [
    ...BASE,
    '-i',
    input,
    '-filter_complex',
    filter,
    ...targets.flatMap((target, i) => [
      '-map',
      `[o${i}]`,
      ...(hasAudio ? ['-map', '0:a:0'] : []),
      '-dn',
      '-sn',
      ...rungEncoding(target.rung, hasAudio, 'veryfast'),
      outputs[i] as string,
    ]),
  ];
}

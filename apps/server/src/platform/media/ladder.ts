import { displaySize, type PlayablePlan, type Size } from './plan';
import type { ProbeResult } from './probe';

/** One step of the ladder: its short side (portrait or landscape) and video cap. */
export interface Rung {
  name: string;
  shortSide: number;
  videoKbps: number;
  /**
   * False for a rung that is only ever the source remuxed, never encoded: its cost would be
   * about that of the whole rest of the ladder.
   */
  encoded: boolean;
}

/**
 * x264's preset for every rung. At these caps the bits, not the search, bound the quality:
 * superfast against veryfast at 720p and 2 Mbit/s scored SSIM 0.951 against 0.958 on a zooming
 * fractal for 30 % less CPU, which keeps the whole ladder near one plain 720p encode.
 */
const PRESET = 'superfast';

/** Every rung shares one AAC track: the source's when it is AAC within this, else encoded. */
export const AUDIO_MAX_KBPS = 128;
const AUDIO_ENCODE_KBPS = 96;

/**
 * The ladder shoppers get (docs/decisions.md, "Video delivery"): the caps are maxrate with a
 * buffer of twice that, so a 20 s clip on the 360p rung stays near 1.9 MB and starts on
 * Lighthouse's 1.6 Mbit/s mobile profile. The small rungs use superfast: at their caps the
 * bits, not the search, bound the quality, and it keeps the ladder near one 720p encode.
 */
export const LADDER: readonly Rung[] = [
  { name: '360p', shortSide: 360, videoKbps: 650, encoded: true },
  { name: '540p', shortSide: 540, videoKbps: 1200, encoded: true },
  { name: '720p', shortSide: 720, videoKbps: 2000, encoded: true },
  { name: '1080p', shortSide: 1080, videoKbps: 3500, encoded: false },
];

/** A rung made for one clip: its size follows the clip's shape. */
export interface RungTarget extends Size {
  rung: Rung;
  /** Output file name in the work directory. */
  file: string;
}

export interface DeliveryPlan {
  /**
   * What makes the clip playable first: the source remuxed (browsers play it as it is), or the
   * smallest rung encoded on its own. A remux within the top rung's caps is that rung
   * (`rendition`); a heavier one plays for the merchant only, never for shoppers.
   */
  first: { kind: 'remux'; size: Size; rendition: boolean } | { kind: 'encode'; target: RungTarget };
  /** The other rungs, made together in one ffmpeg run (split filter). */
  ladder: RungTarget[];
  /** The rungs' one audio track: none, the source's AAC copied, or encoded once. */
  audio: 'none' | 'copy' | 'encode';
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

export const rungBitsPerSecond = (rung: Rung) => (rung.videoKbps + AUDIO_MAX_KBPS) * 1000;

/**
 * A source browsers play as it is (planPlayable copies it) is remuxed first, whatever its bit
 * rate: the merchant can play it within a second of the upload (issue 29). Within the top rung's
 * caps it is that rung, and the smaller rungs come from one run. A heavier one would cost a
 * phone its whole connection, so shoppers never get it: every encoded rung comes from one run
 * after it (one decode of the heavy source, where the smallest rung first took two). A source
 * that must be re-encoded gets its smallest rung first, alone, and the rest after. The rungs
 * that are never encoded (1080p) are left out.
 */
export function planDelivery(probe: ProbeResult, playable: PlayablePlan): DeliveryPlan {
  const display = displaySize(probe);
  const rungs = rungsFor(display);
  const top = rungs.at(-1) as RungTarget;
  const light = probe.bitRate !== null && probe.bitRate <= rungBitsPerSecond(top.rung);
  const audio = audioPlan(probe);
  const encoded = rungs.filter((target) => target.rung.encoded);
  if (playable.video === 'copy') {
    const size = display;
    return light
      ? { first: { kind: 'remux', size, rendition: true }, ladder: rungs.slice(0, -1), audio }
      : { first: { kind: 'remux', size, rendition: false }, ladder: encoded, audio };
  }
  const [smallest, ...rest] = encoded as [RungTarget, ...RungTarget[]];
  return { first: { kind: 'encode', target: smallest }, ladder: rest, audio };
}

function audioPlan(probe: ProbeResult): DeliveryPlan['audio'] {
  if (probe.audioCodec === null) return 'none';
  const small = probe.audioBitRate !== null && probe.audioBitRate <= AUDIO_MAX_KBPS * 1000;
  return probe.audioCodec === 'aac' && small ? 'copy' : 'encode';
}

/**
 * The rungs' audio track in its own file, made once: encoding AAC per rung cost as much as a
 * small rung's picture. Every rung then copies it.
 */
export function audioArgs(input: string, output: string, audio: 'copy' | 'encode'): string[] {
  const codec =
    audio === 'copy'
      ? ['-c:a', 'copy']
      : ['-c:a', 'aac', '-b:a', `${AUDIO_ENCODE_KBPS}k`, '-ac', '2'];
  return [
    ...BASE,
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-dn',
    '-sn',
    ...codec,
    '-f',
    'mp4',
    output,
  ];
}

// First video and first audio only: phones add data tracks that MP4 cannot carry.
const BASE = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-stats'];

/**
 * How full the rungs' VBV buffer (twice the maxrate) is taken to be when playback starts: the
 * first frames may spend at most this share of it. x264's default, 0.9, let the 360p rung's
 * first key frame of a detailed 1080p upload weigh 59 KB, so the viewer's first frame waited
 * for about 110 KB (0.55 s on Lighthouse's 1.6 Mbit/s phone); at 0.3 it is 20 KB (50 KB in
 * all) and the file comes out 5 % smaller, the first second a little softer where the source
 * is that busy.
 */
export const VBV_INIT = 0.3;

/** x264 options every rung shares: High profile, 2 s GOPs on any frame rate, capped rate. */
function rungEncoding(rung: Rung, audio: string | null): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    PRESET,
    '-profile:v',
    'high',
    '-crf',
    '23',
    '-maxrate',
    `${rung.videoKbps}k`,
    '-bufsize',
    `${rung.videoKbps * 2}k`,
    '-x264-params',
    `vbv-init=${VBV_INIT}`,
    // A key frame every 2 s whatever the frame rate, and none forced in between by scene cuts:
    // players and seeking can rely on the 2 s grid.
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-sc_threshold',
    '0',
    ...(audio ? ['-c:a', 'copy'] : []),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ];
}

const scale = (target: Size) => `scale=${target.width}:${target.height},format=yuv420p`;

/** Maps the rungs' audio file, the second input, when there is one. */
const audioInput = (audio: string | null) => (audio ? ['-i', audio] : []);
const audioMap = (audio: string | null) => (audio ? ['-map', '1:a:0'] : []);

/** One rung on its own (the first playable file of a heavy source). */
export function singleRungArgs(
  input: string,
  output: string,
  target: RungTarget,
  audio: string | null,
): string[] {
  return [
    ...BASE,
    '-i',
    input,
    ...audioInput(audio),
    '-map',
    '0:v:0',
    ...audioMap(audio),
    '-dn',
    '-sn',
    '-vf',
    scale(target),
    ...rungEncoding(target.rung, audio),
    output,
  ];
}

/**
 * Every rung in one run: the source is decoded once and scaled once to the largest rung, then
 * split, each branch scaled from that to its rung (the largest's own scale passes its frames
 * through) and encoded to its own MP4 (`outputs` in the order of `targets`), each copying the one
 * audio track. Scaling the smaller rungs from the largest rather than from a 1080p source took a
 * 1080x1920 ladder from 15.1 to 14.1 CPU seconds (issue 29 point 5: ladder ≤ 1.1x one 720p encode).
 */
export function ladderArgs(
  input: string,
  targets: readonly RungTarget[],
  outputs: readonly string[],
  audio: string | null,
): string[] {
  const largest = targets.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const branches = targets.map((_, i) => `[v${i}]`).join('');
  const scales = targets.map((target, i) => `[v${i}]${scale(target)}[o${i}]`).join(';');
  const filter = `[0:v:0]${scale(largest)},split=${targets.length}${branches};${scales}`;
  return [
    ...BASE,
    '-i',
    input,
    ...audioInput(audio),
    '-filter_complex',
    filter,
    ...targets.flatMap((target, i) => [
      '-map',
      `[o${i}]`,
      ...audioMap(audio),
      '-dn',
      '-sn',
      ...rungEncoding(target.rung, audio),
      outputs[i] as string,
    ]),
  ];
}

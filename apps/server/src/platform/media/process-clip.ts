import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  POPCLIP_VALIDATION_MESSAGES as M,
  VIDEO_MAX_SECONDS,
  VIDEO_MAX_SIDE,
} from '@popstage/core/popclips';
import { sweepStaleParts, writeAllAtomically, writeAtomically } from './atomic';
import { MediaRejectedError } from './errors';
import { audioArgs, ladderArgs, planDelivery, singleRungArgs } from './ladder';
import { loopArgs, WEBP_POSTER } from './motion';
import {
  displaySize,
  JPEG_THUMBNAIL,
  type PlayablePlan,
  planPlayable,
  playableArgs,
  previewArgs,
  stillArgs,
} from './plan';
import { type ProbeResult, probe } from './probe';
import { runFfmpeg } from './run';

export const OUTPUT_FILES = {
  playable: 'playable.mp4',
  thumbnail: 'thumbnail.jpg',
  preview: 'preview.gif',
  loop: 'loop.mp4',
  poster: 'poster.webp',
} as const;
const AUDIO_FILE = 'audio.m4a';

export interface PlayableOutput {
  path: string;
  /** The picture was copied, not re-encoded (the fast path). */
  remuxed: boolean;
  width: number;
  height: number;
}

/** One file of the ladder shoppers are served. */
export interface RenditionOutput {
  path: string;
  width: number;
  height: number;
  /** Measured: file bits over duration. */
  bitsPerSecond: number;
}

export interface ProcessedVideo {
  /**
   * The first playable file (the remuxed source or the smallest rung); also in `renditions`,
   * except a remux over the top rung's caps, which plays for the merchant only.
   */
  playable: PlayableOutput;
  /** Smallest first; the top one is the remuxed source when it is within the caps. */
  renditions: RenditionOutput[];
  /** JPEG, longest side at most 720 (the admin's thumbnail). */
  thumbnail: string;
  /** Looping GIF of the first 3 s, about 320 px wide, 10 fps (the clip's gifURL, admin). */
  preview: string;
  /** Silent H.264 loop of the first 2.5 s, 240 px wide (shoppers' motion preview). */
  loop: string;
  /** WebP poster, longest side at most 720 (shoppers). */
  poster: string;
  probe: ProbeResult;
  plan: PlayablePlan;
}

export interface ProcessVideoOptions {
  /** Overall percent, rising to 100. */
  onProgress?: (percent: number) => void;
  /**
   * Awaited as soon as the first playable MP4 is in place, before the ladder, thumbnail and
   * previews are made, so the caller can mark the clip playable early.
   */
  onPlayable?: (playable: PlayableOutput, probe: ProbeResult) => void | Promise<void>;
  signal?: AbortSignal;
  /** Limit for each ffmpeg run; by default 1 min plus 10 s per second of video. */
  timeoutMs?: number;
}

/** Shares of the overall progress: first playable file, then the ladder, then pictures. */
const PLAYABLE_SHARE = 25;
const LADDER_SHARE = 90;

/**
 * Probe; the first playable file (source remuxed, or the smallest rung); then the rungs it is not
 * in one ffmpeg run beside the thumbnail, GIF, loop and poster (from the source). Every
 * output is written to a part file and renamed, so running it again on the same input and outDir
 * (a retry after a killed worker) replaces the outputs cleanly. Throws MediaRejectedError for
 * input that is not a video.
 */
export async function processVideo(
  input: string,
  outDir: string,
  options: ProcessVideoOptions = {},
): Promise<ProcessedVideo> {
  const { signal, onPlayable } = options;
  const progress = rising(options.onProgress);
  await mkdir(outDir, { recursive: true });
  await sweepStaleParts(outDir);

  const info = await probe(input, { signal });
  // Before any transcode: a 10-hour or 8K upload must not hold a worker (and other shops' clips).
  if (info.durationSeconds > VIDEO_MAX_SECONDS + 0.5) {
    throw new MediaRejectedError(M.videoTooLong, `${info.durationSeconds} s`);
  }
  if (Math.max(info.width, info.height) > VIDEO_MAX_SIDE) {
    throw new MediaRejectedError(M.videoResolutionTooHigh, `${info.width}x${info.height}`);
  }
  const plan = planPlayable(info);
  const delivery = planDelivery(info, plan);
  const run = {
    signal,
    timeoutMs: options.timeoutMs ?? 60_000 + Math.ceil(info.durationSeconds) * 10_000,
    durationSeconds: info.durationSeconds,
  };
  const share = (from: number, to: number) => (percent: number) =>
    progress(from + ((to - from) * percent) / 100);

  // The rungs' one audio track, a work file removed at the end (a rerun makes it again). A
  // heavy source's first rung needs it; a remux does not wait for it.
  const audioPath = delivery.audio === 'none' ? null : join(outDir, AUDIO_FILE);
  const audioMode = delivery.audio;
  const makeAudio = (stop = signal) =>
    audioPath && audioMode !== 'none'
      ? writeAtomically(audioPath, (part) =>
          runFfmpeg(audioArgs(input, part, audioMode), { ...run, signal: stop }),
        )
      : Promise.resolve();

  try {
    const playablePath = join(outDir, OUTPUT_FILES.playable);
    const { first } = delivery;
    const firstSize = first.kind === 'remux' ? first.size : first.target;
    const makePlayable = (stop = signal) =>
      writeAtomically(playablePath, (part) =>
        runFfmpeg(
          first.kind === 'remux'
            ? playableArgs(plan, input, part)
            : singleRungArgs(input, part, first.target, audioPath),
          { ...run, signal: stop, onProgress: share(0, PLAYABLE_SHARE) },
        ),
      );
    if (first.kind === 'remux')
      await together(signal, (inner) => [makeAudio(inner), makePlayable(inner)]);
    else await makeAudio().then(() => makePlayable());
    const playable: PlayableOutput = {
      path: playablePath,
      remuxed: first.kind === 'remux',
      width: firstSize.width,
      height: firstSize.height,
    };
    progress(PLAYABLE_SHARE);
    await onPlayable?.(playable, info);

    // The other rungs in one run, and the pictures beside it (they no longer wait for the
    // ladder). The moving ones (GIF 320 wide, loop 240) come from the first playable file, which
    // is at least that wide and far cheaper to decode than a heavy source; the stills (up to 720)
    // from the source.
    const ladderPaths = delivery.ladder.map((target) => join(outDir, target.file));
    const display = displaySize(info);
    const motion = Math.min(firstSize.width, firstSize.height) >= 320 ? playablePath : input;
    const motionSize = motion === input ? display : firstSize;
    const out = (name: keyof typeof OUTPUT_FILES) => join(outDir, OUTPUT_FILES[name]);
    await together(signal, (inner) => {
      const make = (name: keyof typeof OUTPUT_FILES, args: (part: string) => string[]) =>
        writeAtomically(out(name), (part) => runFfmpeg(args(part), { ...run, signal: inner }));
      const ladder =
        ladderPaths.length === 0
          ? []
          : [
              writeAllAtomically(ladderPaths, (parts) =>
                runFfmpeg(ladderArgs(input, delivery.ladder, parts, audioPath), {
                  ...run,
                  signal: inner,
                  onProgress: share(PLAYABLE_SHARE, LADDER_SHARE),
                }),
              ),
            ];
      return [
        ...ladder,
        make('thumbnail', (part) =>
          stillArgs(JPEG_THUMBNAIL, input, part, display, info.durationSeconds),
        ),
        make('preview', (part) => previewArgs(motion, part, motionSize)),
        make('loop', (part) => loopArgs(motion, part, motionSize)),
        make('poster', (part) =>
          stillArgs(WEBP_POSTER, input, part, display, info.durationSeconds),
        ),
      ];
    });
    progress(LADDER_SHARE);
    // A heavy source's remux plays for the merchant only: shoppers get the encoded rungs.
    const shopperPlayable = first.kind === 'encode' || first.rendition;
    const made = [
      ...(shopperPlayable ? [{ path: playablePath, ...firstSize }] : []),
      ...delivery.ladder.map((target, i) => ({
        path: ladderPaths[i] as string,
        width: target.width,
        height: target.height,
      })),
    ];
    const renditions = await Promise.all(
      made.map(async (file) => ({
        ...file,
        bitsPerSecond: Math.round(((await stat(file.path)).size * 8) / info.durationSeconds),
      })),
    );
    renditions.sort((a, b) => a.width * a.height - b.width * b.height);
    progress(100);
    return {
      playable,
      renditions,
      thumbnail: out('thumbnail'),
      preview: out('preview'),
      loop: out('loop'),
      poster: out('poster'),
      probe: info,
      plan,
    };
  } finally {
    if (audioPath) await rm(audioPath, { force: true });
  }
}

/** Runs tasks at once; the first failure stops the others, and all have ended when it throws. */
async function together(
  signal: AbortSignal | undefined,
  start: (signal: AbortSignal) => Promise<void>[],
): Promise<void> {
  const stop = new AbortController();
  const inner = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const results = await Promise.allSettled(
    start(inner).map((task) =>
      task.catch((error: unknown) => {
        stop.abort(error);
        throw error;
      }),
    ),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

function rising(report: ((percent: number) => void) | undefined) {
  let last = -1;
  return (percent: number) => {
    const rounded = Math.floor(percent);
    if (rounded > last) {
      last = rounded;
      report?.(rounded);
    }
  };
}

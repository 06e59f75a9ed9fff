import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  POPCLIP_VALIDATION_MESSAGES as M,
  VIDEO_MAX_SECONDS,
  VIDEO_MAX_SIDE,
} from '@popstage/core/popclips';
import { sweepStaleParts, writeAtomically } from './atomic';
import { MediaRejectedError } from './errors';
import {
  isRemux,
  type PlayablePlan,
  planPlayable,
  playableArgs,
  previewArgs,
  thumbnailArgs,
} from './plan';
import { type ProbeResult, probe } from './probe';
import { runFfmpeg } from './run';

export const OUTPUT_FILES = {
  playable: 'playable.mp4',
  thumbnail: 'thumbnail.jpg',
  preview: 'preview.gif',
} as const;

export interface PlayableOutput {
  path: string;
  /** The picture was copied, not re-encoded (the fast path). */
  remuxed: boolean;
  width: number;
  height: number;
}

export interface ProcessedVideo {
  playable: PlayableOutput;
  /** JPEG, longest side at most 720. */
  thumbnail: string;
  /** Looping GIF of the first 3 s, about 320 px wide, 10 fps (the clip's gifURL). */
  preview: string;
  probe: ProbeResult;
  plan: PlayablePlan;
}

export interface ProcessVideoOptions {
  /** Overall percent, rising to 100. */
  onProgress?: (percent: number) => void;
  /**
   * Awaited as soon as the playable MP4 is in place, before the thumbnail and preview are made,
   * so the caller can mark the clip playable early.
   */
  onPlayable?: (playable: PlayableOutput, probe: ProbeResult) => void | Promise<void>;
  signal?: AbortSignal;
  /** Limit for each ffmpeg run; by default 1 min plus 10 s per second of video. */
  timeoutMs?: number;
}

/** Share of the overall progress that making the playable file takes. */
const PLAYABLE_SHARE = 90;

/**
 * Probe, then the playable MP4, then the thumbnail and preview (from the playable file, which is
 * smaller than or equal to the source, together). Every output is written to a part file and
 * renamed, so running it again on the same input and outDir (a retry after a killed worker)
 * replaces the outputs cleanly. Throws MediaRejectedError for input that is not a video.
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
  const run = {
    signal,
    timeoutMs: options.timeoutMs ?? 60_000 + Math.ceil(info.durationSeconds) * 10_000,
    durationSeconds: info.durationSeconds,
  };

  const playablePath = join(outDir, OUTPUT_FILES.playable);
  await writeAtomically(playablePath, (part) =>
    runFfmpeg(playableArgs(plan, input, part), {
      ...run,
      onProgress: (percent) => progress((percent * PLAYABLE_SHARE) / 100),
    }),
  );
  const playable: PlayableOutput = { path: playablePath, remuxed: isRemux(plan), ...plan.size };
  progress(PLAYABLE_SHARE);
  await onPlayable?.(playable, info);

  const thumbnail = join(outDir, OUTPUT_FILES.thumbnail);
  const preview = join(outDir, OUTPUT_FILES.preview);
  await together(signal, (inner) => [
    writeAtomically(thumbnail, (part) =>
      runFfmpeg(thumbnailArgs(playablePath, part, plan.size, info.durationSeconds), {
        ...run,
        signal: inner,
      }),
    ),
    writeAtomically(preview, (part) =>
      runFfmpeg(previewArgs(playablePath, part, plan.size), { ...run, signal: inner }),
    ),
  ]);
  progress(100);
  return { playable, thumbnail, preview, probe: info, plan };
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

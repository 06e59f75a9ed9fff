import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isRemux, planPlayable, playableArgs, previewArgs, thumbnailArgs } from './plan';
import { probe } from './probe';
import { processVideo } from './process-clip';
import { runFfmpeg } from './run';

export {
  BENCH_CLIPS,
  type ClipSpec,
  cachedClip,
  generateClip,
  generateCorruptFile,
  sizedClipSpec,
} from './testing/generate';

/** Wall-clock ms of one ffmpeg command run alone: the bench's baseline. */
export async function timePlainFfmpeg(args: readonly string[]): Promise<number> {
  const started = performance.now();
  await runFfmpeg(args);
  return performance.now() - started;
}

/**
 * The ffmpeg commands processVideo runs for `input`, writing into `outDir`: the playable file,
 * then the thumbnail and preview made from it. The bench's "plain ffmpeg" is these, run alone.
 */
export async function plainCommands(
  input: string,
  outDir: string,
): Promise<{ remuxed: boolean; playable: string[]; thumbnail: string[]; preview: string[] }> {
  const info = await probe(input);
  const plan = planPlayable(info);
  const playable = join(outDir, 'plain.mp4');
  return {
    remuxed: isRemux(plan),
    playable: playableArgs(plan, input, playable),
    thumbnail: thumbnailArgs(playable, join(outDir, 'plain.jpg'), plan.size, info.durationSeconds),
    preview: previewArgs(playable, join(outDir, 'plain.gif'), plan.size),
  };
}

/** The baseline: ms to run the playable command alone, and all three one after another. */
export async function timePlainCommands(
  input: string,
  outDir: string,
): Promise<{ playableMs: number; processedMs: number; remuxed: boolean }> {
  await mkdir(outDir, { recursive: true });
  const commands = await plainCommands(input, outDir);
  const playableMs = await timePlainFfmpeg(commands.playable);
  const processedMs =
    playableMs +
    (await timePlainFfmpeg(commands.thumbnail)) +
    (await timePlainFfmpeg(commands.preview));
  return { playableMs, processedMs, remuxed: commands.remuxed };
}

/** ms from the start of processVideo (probe included) to the playable file, and to all outputs. */
export async function timeProcessVideo(
  input: string,
  outDir: string,
): Promise<{ playableMs: number; processedMs: number; remuxed: boolean }> {
  const started = performance.now();
  let playableMs = Number.NaN;
  const result = await processVideo(input, outDir, {
    onPlayable: () => {
      playableMs = performance.now() - started;
    },
  });
  return { playableMs, processedMs: performance.now() - started, remuxed: result.playable.remuxed };
}

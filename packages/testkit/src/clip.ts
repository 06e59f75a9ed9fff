import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, writeAtomically } from './ffmpeg';

/** What generateClip makes: ffmpeg's test pattern (testsrc2) and a sine tone, encoded so. */
export interface ClipSpec {
  seconds: number;
  width: number;
  height: number;
  fps?: number;
  video: 'h264' | 'hevc' | 'vp9' | 'mpeg4';
  audio: 'aac' | 'opus' | 'mp3' | null;
  container: 'mp4' | 'mov' | 'webm';
  /** Tints the pattern (ffmpeg's hue filter, degrees): clips told apart at a glance. */
  hue?: number;
  /** A `rotate` tag, written in a second, stream-copy pass (ffmpeg ignores it when encoding). */
  rotate?: 90 | 270;
  /** Average video bit rate, e.g. '25M'; noise is added so a test pattern can fill it. */
  videoBitRate?: string;
  /** x264 preset; ultrafast keeps tests quick. */
  preset?: string;
}

/** A 3-second portrait (360x640) H.264/AAC MP4: what a merchant's phone uploads, made small. */
export const SHORT_CLIP: ClipSpec = {
  seconds: 3,
  width: 360,
  height: 640,
  video: 'h264',
  audio: 'aac',
  container: 'mp4',
};

const VIDEO: Record<ClipSpec['video'], string[]> = {
  h264: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
  hevc: ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
  vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M'],
  mpeg4: ['-c:v', 'mpeg4', '-q:v', '5'],
};
const AUDIO: Record<NonNullable<ClipSpec['audio']>, string[]> = {
  aac: ['-c:a', 'aac', '-b:a', '128k'],
  opus: ['-c:a', 'libopus', '-b:a', '96k'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
};

/** Makes the clip `spec` describes at `path` (written atomically); answers the path. */
export async function generateClip(path: string, spec: ClipSpec = SHORT_CLIP): Promise<string> {
  const fps = spec.fps ?? 30;
  const filters = [
    ...(spec.hue === undefined ? [] : [`hue=h=${spec.hue}`]),
    'format=yuv420p',
    ...(spec.videoBitRate ? ['noise=alls=40:allf=t'] : []),
  ];
  const args = (output: string) => [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=${spec.width}x${spec.height}:r=${fps}:d=${spec.seconds}`],
    ...(spec.audio ? ['-f', 'lavfi', '-i', `sine=f=440:r=48000:d=${spec.seconds}`] : []),
    ...['-vf', filters.join(','), ...VIDEO[spec.video]],
    ...(spec.video === 'h264' ? ['-preset', spec.preset ?? 'ultrafast'] : []),
    ...(spec.video === 'hevc' ? ['-tag:v', 'hvc1'] : []),
    ...(spec.videoBitRate
      ? ['-b:v', spec.videoBitRate, '-maxrate', spec.videoBitRate, '-bufsize', spec.videoBitRate]
      : []),
    ...(spec.audio ? AUDIO[spec.audio] : []),
    ...['-f', spec.container, output],
  ];
  await writeAtomically(path, async (part) => {
    if (!spec.rotate) return runFfmpeg(args(part));
    const unrotated = `${part}.unrotated`;
    try {
      await runFfmpeg(args(unrotated));
      await runFfmpeg([
        ...['-nostdin', '-y', '-v', 'error', '-i', unrotated, '-c', 'copy'],
        ...['-metadata:s:v:0', `rotate=${spec.rotate}`, '-f', spec.container, part],
      ]);
    } finally {
      await rm(unrotated, { force: true });
    }
  });
  return path;
}

/** Generates a clip into `dir` once as `<name>.<container>`; later calls reuse the file. */
export async function cachedClip(dir: string, name: string, spec: ClipSpec): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.${spec.container}`);
  return existsSync(path) ? path : generateClip(path, spec);
}

/** Random bytes with a video's name: what a broken upload looks like. */
export async function generateCorruptFile(path: string, bytes = 64 * 1024): Promise<string> {
  await writeFile(path, randomBytes(bytes));
  return path;
}

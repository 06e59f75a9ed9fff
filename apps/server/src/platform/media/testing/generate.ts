import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '../atomic';
import { runFfmpeg } from '../run';

export interface ClipSpec {
  seconds: number;
  width: number;
  height: number;
  fps?: number;
  video: 'h264' | 'hevc' | 'vp9' | 'mpeg4';
  audio: 'aac' | 'opus' | 'mp3' | null;
  container: 'mp4' | 'mov' | 'webm';
  /** A `rotate` tag, written in a second, stream-copy pass (ffmpeg ignores it when encoding). */
  rotate?: 90 | 270;
  /** Average video bit rate, e.g. '25M'; noise is added so a test pattern can fill it. */
  videoBitRate?: string;
  /** x264 preset; ultrafast keeps tests quick. */
  preset?: string;
}

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

/** A clip from ffmpeg's test pattern (testsrc2) and a sine tone, written atomically. */
export async function generateClip(path: string, spec: ClipSpec): Promise<string> {
  const fps = spec.fps ?? 30;
  const noise = spec.videoBitRate ? ',noise=alls=40:allf=t' : '';
  const args = (output: string) => [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=${spec.width}x${spec.height}:r=${fps}:d=${spec.seconds}`],
    ...(spec.audio ? ['-f', 'lavfi', '-i', `sine=f=440:r=48000:d=${spec.seconds}`] : []),
    ...['-vf', `format=yuv420p${noise}`, ...VIDEO[spec.video]],
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

/** Random bytes with a video's name: what a broken upload looks like. */
export async function generateCorruptFile(path: string, bytes = 64 * 1024): Promise<string> {
  await writeFile(path, randomBytes(bytes));
  return path;
}

/** The small clips the tests use, each a different branch of the plan. */
export const TEST_CLIPS = {
  /** H.264/AAC MP4 within limits: remuxed. */
  fastPath: { seconds: 2, width: 360, height: 640, video: 'h264', audio: 'aac', container: 'mp4' },
  /** VP9/Opus WebM: re-encoded. */
  webm: { seconds: 2, width: 360, height: 640, video: 'vp9', audio: 'opus', container: 'webm' },
  /** MPEG-4 Part 2 with MP3 in MOV: re-encoded. */
  mpeg4: { seconds: 2, width: 320, height: 240, video: 'mpeg4', audio: 'mp3', container: 'mov' },
  /** H.264 but 2560x1440: scaled down to 1920x1080. */
  oversize: {
    seconds: 1,
    width: 2560,
    height: 1440,
    fps: 10,
    video: 'h264',
    audio: 'aac',
    container: 'mp4',
  },
  /** Landscape H.264 stored with a quarter-turn rotation: shown portrait, remuxed. */
  rotated: {
    seconds: 1,
    width: 640,
    height: 360,
    video: 'h264',
    audio: null,
    container: 'mov',
    rotate: 90,
  },
  /** Rotated MPEG-4 Part 2: re-encoded upright, with no rotation left to apply twice. */
  rotatedMpeg4: {
    seconds: 1,
    width: 640,
    height: 360,
    fps: 10,
    video: 'mpeg4',
    audio: null,
    container: 'mov',
    rotate: 90,
  },
} satisfies Record<string, ClipSpec>;

/** The bench's sources: 30 s portrait 1080x1920, one H.264/AAC (remux), one HEVC (re-encode). */
export const BENCH_CLIPS = {
  h264: {
    seconds: 30,
    width: 1080,
    height: 1920,
    video: 'h264',
    audio: 'aac',
    container: 'mp4',
    preset: 'veryfast',
  },
  reencode: {
    seconds: 30,
    width: 1080,
    height: 1920,
    video: 'hevc',
    audio: 'aac',
    container: 'mov',
  },
} satisfies Record<string, ClipSpec>;

/** Generates a clip into `dir` once; later calls reuse the file (bench clips take seconds). */
export async function cachedClip(dir: string, name: string, spec: ClipSpec): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.${spec.container}`);
  return existsSync(path) ? path : generateClip(path, spec);
}

/**
 * A 1080x1920 H.264/AAC MP4 of about `bytes` (for the upload-memory bench): 30 s at the bit rate
 * that fills it, less the audio.
 */
export function sizedClipSpec(bytes: number, seconds = 30): ClipSpec {
  const videoBits = bytes * 8 - 128_000 * seconds;
  return {
    seconds,
    width: 1080,
    height: 1920,
    video: 'h264',
    audio: 'aac',
    container: 'mp4',
    videoBitRate: `${Math.floor(videoBits / seconds / 1000)}k`,
  };
}

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '../media/atomic';
import { runFfmpeg } from '../media/run';

/** A sample reel: ffmpeg's test pattern (testsrc2), with a sine tone unless silent, H.264 MP4. */
export interface SampleClip {
  seconds: number;
  width: number;
  height: number;
  fps?: number;
  audio: boolean;
}

/**
 * Makes the sample in `dir` as `<name>.mp4` on first use (written atomically, so two imports at
 * once never read half a file); later calls answer the file already there. The server's own
 * ffmpeg makes it, so the offline importer needs nothing the production image lacks.
 */
export async function cachedSample(dir: string, name: string, clip: SampleClip): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.mp4`);
  if (existsSync(path)) return path;
  const { seconds, width, height, fps = 30, audio } = clip;
  await writeAtomically(path, (part) =>
    runFfmpeg([
      ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds}`],
      ...(audio ? ['-f', 'lavfi', '-i', `sine=f=440:r=48000:d=${seconds}`] : []),
      ...[
        '-vf',
        'format=yuv420p',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-preset',
        'ultrafast',
      ],
      ...(audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
      ...['-f', 'mp4', part],
    ]),
  );
  return path;
}

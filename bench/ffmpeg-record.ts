import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpegPath } from '@popstage/testkit/ffmpeg';

/**
 * The ffmpeg commands a started server runs, as it runs them: the server is started with
 * FFMPEG_PATH naming a wrapper script that saves its arguments (NUL-separated) in a file of its
 * own, named by its start time in microseconds, then execs the real ffmpeg in its place (same
 * process, same stderr, a few ms of bash start-up per command). The media bench replays them alone
 * for its plain-ffmpeg baseline, without knowing how the server plans them.
 */
export interface FfmpegRecord {
  /** For startApp: the wrapper as the server's ffmpeg. */
  env: { FFMPEG_PATH: string };
  /** Every command recorded so far, oldest first: each its arguments. */
  commands(): string[][];
}

export function recordFfmpeg(dir: string): FfmpegRecord {
  const runs = join(dir, 'runs');
  mkdirSync(runs, { recursive: true });
  const wrapper = join(dir, 'ffmpeg');
  writeFileSync(
    wrapper,
    [
      '#!/bin/bash',
      `printf '%s\\0' "$@" > ${JSON.stringify(runs)}/"\${EPOCHREALTIME/[.,]/}-$$"`,
      `exec ${JSON.stringify(ffmpegPath())} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(wrapper, 0o755);
  return {
    env: { FFMPEG_PATH: wrapper },
    commands: () =>
      readdirSync(runs)
        .sort()
        .map((name) => readFileSync(join(runs, name), 'utf8').split('\0').slice(0, -1)),
  };
}

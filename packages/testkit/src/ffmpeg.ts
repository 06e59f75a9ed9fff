import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, chmodSync, constants } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

let resolved: string | undefined;

/**
 * The ffmpeg the server itself runs: FFMPEG_PATH when set, else the binary @ffmpeg-installer ships
 * (marked executable here, as its postinstall script may not have run).
 */
export function ffmpegPath(): string {
  resolved ??= process.env.FFMPEG_PATH || installedFfmpeg();
  return resolved;
}

function installedFfmpeg(): string {
  const path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
    .path;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
  return path;
}

/** Runs ffmpeg with an argument array (no shell); rejects with its stderr on failure. */
export async function runFfmpeg(args: readonly string[]): Promise<void> {
  await promisify(execFile)(ffmpegPath(), args, { maxBuffer: 16 * 1024 * 1024 });
}

/**
 * Writes `target` through a uniquely named part file beside it, then renames it into place:
 * readers (another test, a second worker filling the same cache) see no file or the whole one.
 */
export async function writeAtomically(
  target: string,
  write: (partPath: string) => Promise<void>,
): Promise<void> {
  const part = join(dirname(target), `.${basename(target)}.${randomUUID().slice(0, 8)}.part`);
  try {
    await write(part);
    await rename(part, target);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

import { randomUUID } from 'node:crypto';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const PART = /^\..+\.[0-9a-f]{8}\.part$/;
/** ffmpeg touches its output constantly; a part file this old has lost its writer. */
const STALE_MS = 10 * 60_000;

/**
 * Writes `target` through a uniquely named part file in the same directory, then renames it into
 * place: readers see the old file or the whole new one, and two workers on the same clip (a retry
 * while the first is still alive) never write into each other's file.
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

/** writeAtomically for one run that writes several files: all are renamed only if it succeeds. */
export async function writeAllAtomically(
  targets: readonly string[],
  write: (partPaths: string[]) => Promise<void>,
): Promise<void> {
  const parts = targets.map((target) =>
    join(dirname(target), `.${basename(target)}.${randomUUID().slice(0, 8)}.part`),
  );
  try {
    await write(parts);
    await Promise.all(parts.map((part, i) => rename(part, targets[i] as string)));
  } catch (error) {
    await Promise.all(parts.map((part) => rm(part, { force: true })));
    throw error;
  }
}

/** Removes part files left by a worker that was killed mid-write. */
export async function sweepStaleParts(dir: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!PART.test(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}

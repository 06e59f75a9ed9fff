import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Per-job work folders: DATA_DIR/work/<owner pid>-<job key>. The owner's pid in the name lets a
 * start-up sweep tell folders of a process that died (kill -9: nothing of it ran on the way out)
 * from those of a live sibling sharing the same DATA_DIR, and find the dead one's orphaned ffmpeg
 * by its arguments, which name files in the folder.
 */
export function workRoot(dataDir: string): string {
  return path.resolve(dataDir, 'work');
}

export function jobWorkDir(dataDir: string, key: string): string {
  return path.join(workRoot(dataDir), `${process.pid}-${key}`);
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Process ids whose command line mentions `folder` (Linux /proc; none elsewhere). */
async function processesUsing(folder: string): Promise<number[]> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(folder)) found.push(Number(entry));
  }
  return found;
}

/**
 * At start: kills the process groups of tools still working in the folders of dead owners, and
 * removes those folders. Answers how many folders and processes it cleared.
 */
export async function sweepWorkDirs(dataDir: string): Promise<{ folders: number; killed: number }> {
  const root = workRoot(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  let folders = 0;
  let killed = 0;
  for (const name of names) {
    const owner = Number(/^(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) continue;
    const folder = path.join(root, name);
    for (const pid of await processesUsing(`${folder}/`)) {
      try {
        // Each tool leads its own group (run.ts spawns detached): the group goes with it.
        process.kill(-pid, 'SIGKILL');
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          continue;
        }
      }
      killed += 1;
    }
    await rm(folder, { recursive: true, force: true });
    folders += 1;
  }
  return { folders, killed };
}

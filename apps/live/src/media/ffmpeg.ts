import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary, found as apps/server/src/platform/media does: FFMPEG_PATH when set, else the
 * static build @ffmpeg-installer ships (ffmpeg N-47683, 2018), made executable if npm skipped
 * its postinstall.
 */
export function defaultFfmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  let path: string;
  try {
    path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new Error(
      `@ffmpeg-installer/ffmpeg has no binary for this platform (${String(error)}); set FFMPEG_PATH`,
    );
  }
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
  return path;
}

/** ffmpeg processes this process started and that still run: killed with it. */
const running = new Set<number>();
process.on('exit', () => {
  for (const pid of running) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export interface FfmpegRun {
  readonly child: ChildProcess;
  /** Resolves when it has exited (never rejects): its code and the last lines of stderr. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; log: string }>;
  /** Signals its process group (SIGINT: finish writing; SIGKILL: stop now). */
  signal(signal: NodeJS.Signals): void;
  readonly hasExited: () => boolean;
}

const TAIL_LINES = 20;

/**
 * Starts ffmpeg in its own process group (so a kill reaches anything it started), with argument
 * arrays (no shell), stdin and stdout piped when asked, and stderr's last lines kept for the
 * error a failed run reports.
 */
export function startFfmpeg(
  ffmpegPath: string,
  args: readonly string[],
  options: { stdin: boolean; stdout?: boolean },
): FfmpegRun {
  const child = spawn(ffmpegPath, args, {
    stdio: [options.stdin ? 'pipe' : 'ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (pid !== undefined) running.add(pid);
  // A write after ffmpeg died (EPIPE) must not crash the process: the exit is reported instead.
  child.stdin?.on('error', () => {});
  const tail: string[] = [];
  let pending = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    const lines = (pending + chunk).split(/[\r\n]/);
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      tail.push(line.trim());
      if (tail.length > TAIL_LINES) tail.shift();
    }
  });
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; log: string }>(
    (resolve) => {
      const settle = (code: number | null, signal: NodeJS.Signals | null) => {
        if (done) return;
        done = true;
        if (pid !== undefined) running.delete(pid);
        if (pending.trim()) tail.push(pending.trim());
        resolve({ code, signal, log: tail.join('\n') });
      };
      child.on('error', (error) => {
        tail.push(String(error));
        settle(null, null);
      });
      child.on('close', settle);
    },
  );
  return {
    child,
    exited,
    signal(signal) {
      if (done) return;
      if (pid !== undefined) killGroup(pid, signal);
      else child.kill(signal);
    },
    hasExited: () => done,
  };
}

/** Runs ffmpeg to the end; rejects with its last stderr lines when it fails. */
export async function runFfmpeg(ffmpegPath: string, args: readonly string[]): Promise<void> {
  const { code, signal, log } = await startFfmpeg(ffmpegPath, args, { stdin: false }).exited;
  if (code !== 0) throw new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${log}`);
}

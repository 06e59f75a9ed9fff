import { spawn } from 'node:child_process';
import { mediaBinaries } from './binaries';
import { MediaTimeoutError, MediaToolError } from './errors';

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Length of the media being written; with it, stderr's `time=` becomes a percent. */
  durationSeconds?: number;
  /** 0..100, rising; 100 once the tool exits cleanly. */
  onProgress?: (percent: number) => void;
  /** Keep stdout (ffprobe's JSON). ffmpeg writes files, never stdout. */
  captureStdout?: boolean;
}

/**
 * Tools running in this process. Each runs in its own process group (detached), so it and any
 * child it starts are killed together: with its job (timeout, abort), on shutdown
 * (killRunningTools) and when this process exits. A process killed with SIGKILL runs nothing:
 * its orphans are found and killed by the next start's sweep (work-dirs.ts).
 */
const running = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills every tool this process started and is still running; answers how many. */
export function killRunningTools(): number {
  const count = running.size;
  for (const pid of running) killGroup(pid);
  running.clear();
  return count;
}

// 'exit' handlers must be synchronous, which process.kill is.
process.on('exit', killRunningTools);

const TAIL_LINES = 12;
const MAX_STDOUT = 1024 * 1024;
const TIME = /\btime=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)/;

/**
 * Runs ffmpeg or ffprobe with an argument array (no shell, so file names are never parsed).
 * stderr is read line by line for progress and only its last lines are kept, for the error.
 */
export function runTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: readonly string[],
  options: RunOptions = {},
): Promise<{ stdout: string }> {
  const { signal, timeoutMs, durationSeconds, onProgress, captureStdout } = options;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(mediaBinaries()[tool], args, {
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    if (pid !== undefined) running.add(pid);
    const tail: string[] = [];
    let pending = '';
    let stdout = '';
    let lastPercent = -1;
    let killedFor: unknown;

    const kill = (reason: unknown) => {
      if (killedFor !== undefined) return;
      killedFor = reason;
      if (pid !== undefined) killGroup(pid);
      else child.kill('SIGKILL');
    };
    const onAbort = () => kill(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => kill(new MediaTimeoutError(tool, timeoutMs)), timeoutMs);

    const progress = (percent: number) => {
      if (percent > lastPercent) {
        lastPercent = percent;
        onProgress?.(percent);
      }
    };
    const handleLine = (line: string) => {
      if (!line.trim()) return;
      const seconds = progressSeconds(line);
      if (seconds === undefined) {
        tail.push(line.trim());
        if (tail.length > TAIL_LINES) tail.shift();
      } else if (durationSeconds && durationSeconds > 0) {
        progress(Math.min(99, Math.floor((seconds / durationSeconds) * 100)));
      }
    };

    // Progress lines end in \r, everything else in \n.
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      const lines = (pending + chunk).split(/[\r\n]/);
      pending = lines.pop() ?? '';
      for (const line of lines) handleLine(line);
    });
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.length > MAX_STDOUT)
        kill(new Error(`${tool} wrote more than ${MAX_STDOUT} bytes`));
    });

    const finish = () => {
      if (pid !== undefined) running.delete(pid);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(killedFor ?? error);
    });
    child.on('close', (code, exitSignal) => {
      finish();
      handleLine(pending);
      if (killedFor !== undefined) return reject(killedFor);
      if (code !== 0) return reject(new MediaToolError(tool, code, exitSignal, tail.join('\n')));
      progress(100);
      resolve({ stdout });
    });
  });
}

/** A quick H.264 and AAC encode any player takes (live segments, sandbox replays). */
export const QUICK_H264_AAC = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
] as const;

export const runFfmpeg = (args: readonly string[], options?: RunOptions) =>
  runTool('ffmpeg', args, options).then(() => undefined);

/** The `time=` of an ffmpeg stats line, in seconds (never negative). */
export function progressSeconds(line: string): number | undefined {
  const match = TIME.exec(line);
  if (!match) return undefined;
  const [, sign, h, m, s] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return sign ? 0 : seconds;
}

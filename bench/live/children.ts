import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A bench child process (TypeScript through tsx), stopped with everything it started. */
export interface Child {
  process: ChildProcess;
  pid: number;
  /** The next IPC message of this type. */
  next<T>(type: string, timeoutMs?: number): Promise<T>;
  /** Sends over IPC; throws (rather than crashing the bench) when the child has gone. */
  send(message: unknown): void;
  stop(): Promise<void>;
}

const started = new Set<Child>();
// A bench that throws past its own cleanup still leaves no process behind.
process.on('exit', () => {
  for (const child of started) killTree(child.pid, 'SIGKILL');
});

/** Pids of a process's children and their children (Linux /proc), deepest last. */
export function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function killTree(pid: number, signal: NodeJS.Signals): void {
  for (const id of [pid, ...descendants(pid)]) {
    try {
      process.kill(id, signal);
    } catch {
      // Already gone.
    }
  }
}

export async function startChild(
  file: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Child> {
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A send to a child that has gone is reported by send(), not as an unhandled 'error'.
  child.on('error', () => {});
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${file} did not start`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle: Child = {
    process: child,
    pid,
    next<T>(type: string, wait = timeoutMs) {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error(`${file}: no ${type} within ${wait} ms`));
        }, wait);
        const onMessage = (message: { type?: string }) => {
          if (message?.type !== type) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message as T);
        };
        child.on('message', onMessage);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${file} exited (${code}) before ${type}`));
        });
      });
    },
    send(message) {
      if (!child.connected) throw new Error(`${file} has exited`);
      child.send(message as string, () => {});
    },
    async stop() {
      started.delete(handle);
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Its own ffmpeg runs are in their own process groups: known now, killed if it leaves them.
      const tree = descendants(pid);
      if (child.connected) child.send('stop', () => {});
      else child.kill('SIGTERM');
      const timer = setTimeout(() => killTree(pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      for (const id of tree) {
        try {
          process.kill(id, 'SIGKILL');
        } catch {
          // Stopped with it, as it should.
        }
      }
    },
  };
  started.add(handle);
  try {
    await handle.next('ready');
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

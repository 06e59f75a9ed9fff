import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startLive } from './service';

/**
 * The "web process" of the viewers bench (issue 32): the live service alone in a process of its
 * own, as one instance of the app would run it, its media written to a directory a CDN stand-in
 * serves. Started by live.bench.ts with fork(); configured by environment; answers its parent
 * over IPC: `ready` once listening, `stats` (event-loop delay) when asked, and stops on `stop`
 * (its ffmpeg runs killed first) or SIGTERM.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const live = await startLive({
  port: Number(env('LIVE_BENCH_PORT')),
  mediaDir: env('LIVE_BENCH_MEDIA_DIR'),
  workDir: env('LIVE_BENCH_WORK_DIR'),
  mediaBase: env('LIVE_BENCH_MEDIA_BASE'),
  ...(process.env.LIVE_BENCH_DATABASE ? { database: process.env.LIVE_BENCH_DATABASE } : {}),
});
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

let stopping: Promise<void> | null = null;
const stop = () => {
  stopping ??= live.close().finally(() => process.exit(0));
  return stopping;
};
process.on('SIGTERM', () => void stop());
// Ctrl-C reaches the whole process group: its ffmpeg runs are stopped before it goes.
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());
process.on('message', (message: unknown) => {
  if (message === 'stop') void stop();
  if (message === 'reset-stats') loop.reset();
  if (message === 'stats') {
    process.send?.({
      type: 'stats',
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    });
  }
});
process.send?.({ type: 'ready', baseUrl: live.baseUrl });

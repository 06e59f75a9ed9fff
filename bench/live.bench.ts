import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { livePlaybackSettings } from '@popstage/core/live';
import { launchChromium } from '@popstage/testkit/browser';
import { writeFrameCodeY4m } from '@popstage/testkit/frame-code';
import type { Browser } from 'playwright-core';
import { type Child, cpuSeconds, descendants, startChild } from './live/children';
import { CAMERA_SECONDS, goLiveInStudio, measureLatency, summary } from './live/latency';
import { freePort, sellerWithShow, waitForPlayback } from './live/service';
import { startAudience } from './live/viewers';
import {
  median,
  percentile,
  report,
  reportAtLeast,
  reportCompared,
  reportFigure,
  reportLoad,
} from './report';
import { createBenchDatabase, dropBenchDatabase } from './storefront/postgres';

/**
 * Issue 32's live figures, in one run (`npm run bench -- live`):
 * 1. Glass-to-glass latency: the live service in this process, the seller's studio broadcasting
 *    Chromium's fake camera whose frames carry their number, two shoppers' hls.js pages in the
 *    same browser (plain HLS settings, and low-latency on the LL-HLS playlist); all three videos
 *    read at the same moments. Goals 5 s with HLS, 3 s low-latency.
 * 2. 300 concurrent viewers of one show: the live service alone in a child process (the web
 *    process, on this 2-core machine), its media served by a CDN stand-in (another child serving
 *    the storage directory, and collapsing the viewers' held LL-HLS playlist requests onto the
 *    web process), each viewer from its own loopback address following the playlist part by part
 *    and calling the public viewer API as the player does; a probe times state, presence and
 *    chat calls against the 100 ms p99 goal.
 * Knobs: BENCH_LIVE_VIEWERS (300), BENCH_LIVE_SAMPLE_SECONDS (20, latency samples),
 * BENCH_LIVE_LOAD_SECONDS (40, the viewers' measured window), BENCH_LIVE_PARTS
 * (`latency,viewers`), BENCH_RUNS=1 for a short smoke run (10 s of each); PostgreSQL for the web
 * process from BENCH_DATABASE_URL (PGlite in it when unreachable). BENCH_LIVE_DEBUG=<dir> writes
 * the latency part's hls.js logs, the playlists it got and was stored, and the first files there.
 */

interface ProbeStats {
  ms: { state: number[]; presence: number[]; chat: number[] };
  refused: number;
  failed: number;
  viewers: number;
}

const GLASS_TO_GLASS_S = 5;
const LOW_LATENCY_S = 3;
const VIEWERS_GOAL = 300;
const API_P99_MS = 100;

const knob = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const smoke = process.env.BENCH_RUNS === '1';
const VIEWERS = Math.round(knob('BENCH_LIVE_VIEWERS', VIEWERS_GOAL));
const SAMPLE_MS = knob('BENCH_LIVE_SAMPLE_SECONDS', smoke ? 10 : 20) * 1000;
const LOAD_MS = knob('BENCH_LIVE_LOAD_SECONDS', smoke ? 10 : 40) * 1000;
/** hls.js catches up by playing faster (up to 1.25x): given this long after its first frame. */
const SETTLE_MS = 8000;
/** The audience arrives over this long (30 a second at 300). */
const RAMP_MS = 10_000;
/** The probe alone after the audience, for comparison. */
const BASELINE_MS = (smoke ? 5 : 10) * 1000;
const PARTS = (process.env.BENCH_LIVE_PARTS ?? 'latency,viewers').split(',');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const line = (name: string, text: string) => console.log(`${name.padEnd(34)} ${text}`);

/** A count, printed as an integer with its note. */
const reportCount = (name: string, value: number, note: string) =>
  line(name, `${String(value).padStart(8)}     ${note}`);

function reportNone(name: string, value: number): boolean {
  const ok = value === 0;
  line(
    name,
    `${String(value).padStart(8)}     target = 0  ${ok ? 'meets target' : 'MISSES target'}`,
  );
  return ok;
}

async function latencyPart(browser: Browser, root: string): Promise<void> {
  console.log(
    `\n-- glass-to-glass latency (studio camera → shopper's hls.js), ${SAMPLE_MS / 1000} s of samples`,
  );
  const dirs = { media: join(root, 'latency-media'), work: join(root, 'latency-work') };
  await mkdir(dirs.media, { recursive: true });
  await mkdir(dirs.work, { recursive: true });
  const result = await measureLatency(browser, dirs, SAMPLE_MS, SETTLE_MS);
  reportLoad('while sampling latency');
  for (const shopper of result.shoppers) {
    const total = summary(shopper.samples);
    const name = shopper.lowLatency ? 'low-latency' : 'HLS';
    const goal = shopper.lowLatency ? LOW_LATENCY_S : GLASS_TO_GLASS_S;
    report(`glass-to-glass ${name}, median`, total.median, goal, 's');
    report(`glass-to-glass ${name}, p95`, total.p95, goal, 's');
    const edge = summary(shopper.playerLatency);
    const settings = livePlaybackSettings(shopper.lowLatency);
    reportFigure(
      '  player behind live edge, median',
      edge.median,
      's',
      `p95 ${edge.p95.toFixed(1)} s (hls.js latency; ${'liveSyncDuration' in settings ? `liveSyncDuration ${settings.liveSyncDuration} s` : "the playlist's PART-HOLD-BACK"})`,
    );
    reportCount(
      '  pairs read',
      total.count,
      `${shopper.unread} unreadable; first frame ${shopper.settleMs} ms after the page loaded; ${shopper.stalls} stalls while sampled`,
    );
    if (shopper.errorCount > 0) {
      line('  hls.js errors', `${shopper.errorCount}, the last: ${shopper.errors.join('; ')}`);
    }
  }
  if (!result.lowLatency) {
    line(
      'glass-to-glass low-latency',
      `not offered: the service answered lowLatency false (target <= ${LOW_LATENCY_S} s)`,
    );
  }
  const stored = summary(result.cameraToStored);
  reportFigure(
    '  camera → segment stored, median',
    stored.median,
    's',
    `p95 ${stored.p95.toFixed(1)} s over ${stored.count} segments (1 s segments of ~0.43 s parts; recording start taken as first chunk - 200 ms)`,
  );
  line(
    '  pages read',
    `at most ${result.maxSkewMs.toFixed(0)} ms apart (corrected); camera ${result.cameraFps.toFixed(1)} fps measured off the studio preview (file 30 fps)`,
  );
  reportFigure(
    '  first segment after Go live',
    result.firstSegmentMs,
    'ms',
    `sampled from ${SETTLE_MS / 1000} s after each shopper's first frame (hls.js settled)`,
  );
}

async function viewersPart(
  browser: Browser,
  root: string,
  cleanups: (() => Promise<void>)[],
): Promise<void> {
  console.log(
    `\n-- ${VIEWERS} viewers of one show: CDN stand-in for the media, one web process for the API (machine: ${availableParallelism()} cores)`,
  );
  const database = await createBenchDatabase();
  if (database) cleanups.push(() => dropBenchDatabase(database.name));
  // The object store is another machine: its files go to memory where the machine has a tmpfs,
  // not to the disk PostgreSQL syncs its WAL on (sharing that disk, the media's 300 KB/s made
  // commits wait up to a second: API p99 120-814 ms, against 42 ms from memory with the same code).
  // ffmpeg's work dir stays on disk, as in production.
  const storeRoot = existsSync('/dev/shm')
    ? await mkdtemp(join('/dev/shm', 'popstage-live-store-'))
    : root;
  if (storeRoot !== root) cleanups.push(() => rm(storeRoot, { recursive: true, force: true }));
  const mediaDir = join(storeRoot, 'viewers-media');
  const workDir = join(root, 'viewers-work');
  await mkdir(mediaDir, { recursive: true });
  await mkdir(workDir, { recursive: true });
  const cdnPort = await freePort();
  const webPort = await freePort();
  const children: Child[] = [];
  cleanups.push(async () => {
    for (const child of children.reverse()) await child.stop();
  });
  const cdn = await startChild(join(import.meta.dirname, 'live/cdn.ts'), {
    LIVE_CDN_DIR: mediaDir,
    LIVE_CDN_PORT: String(cdnPort),
    LIVE_CDN_ORIGIN: `http://127.0.0.1:${webPort}`,
  });
  children.push(cdn);
  const web = await startChild(join(import.meta.dirname, 'live/web-process.ts'), {
    LIVE_BENCH_PORT: String(webPort),
    LIVE_BENCH_MEDIA_DIR: mediaDir,
    LIVE_BENCH_WORK_DIR: workDir,
    LIVE_BENCH_MEDIA_BASE: `http://127.0.0.1:${cdnPort}`,
    ...(database ? { LIVE_BENCH_DATABASE: database.url } : {}),
  });
  children.push(web);
  const baseUrl = `http://127.0.0.1:${webPort}/live-service`;
  console.log(
    `web process pid ${web.pid}, database ${database ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in the web process'}; broadcast from the studio (Chromium camera)`,
  );

  const { sellerId, dashboardUrl, showId } = await sellerWithShow(baseUrl, 2);
  const studio = await goLiveInStudio(browser, dashboardUrl);
  cleanups.push(() => studio.close().catch(() => {}));
  const playback = await waitForPlayback(baseUrl, sellerId, showId);
  const { publicApi } = playback;
  // The LL-HLS playlist is the live service's (it holds requests); viewers reach it through the
  // CDN, as a deployment puts one in front of that route. Media files are the CDN's already.
  const cdnBase = `http://127.0.0.1:${cdnPort}`;
  const hls = playback.hls.replace(`http://127.0.0.1:${webPort}`, cdnBase);
  if (!hls.startsWith(`${cdnBase}/`)) throw new Error(`playlist not on the CDN: ${hls}`);

  const probe = await startChild(join(import.meta.dirname, 'live/probe.ts'), {});
  children.push(probe);
  const audience = startAudience({ viewers: VIEWERS, rampMs: RAMP_MS, publicApi, hls });
  cleanups.push(async () => audience.stop());
  // Everyone in and a heartbeat each, then the measured window.
  await sleep(RAMP_MS + 3000);
  audience.resetLatencies();
  web.send('reset-stats');
  const generator = monitorEventLoopDelay({ resolution: 10 });
  generator.enable();
  const cpuFrom = cpuSeconds(web.pid);
  const packagers = descendants(web.pid);
  const packagingFrom = packagers.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const from = performance.now();
  const segmentsFrom = audience.stats.segmentsFetched;
  probe.send({ type: 'start', publicApi, viewerIds: audience.viewerIds });
  await sleep(LOAD_MS);
  const seconds = (performance.now() - from) / 1000;
  const webCpu = ((cpuSeconds(web.pid) - cpuFrom) / seconds) * 100;
  const packagingCpu =
    ((packagers.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - packagingFrom) / seconds) * 100;
  generator.disable();
  const probeAnswer = probe.next<ProbeStats>('stats', 30_000);
  probe.send({ type: 'stats' });
  const { ms, refused: probeRefused, failed: probeFailed, viewers: reported } = await probeAnswer;
  const looped = web.next<{ loopP99Ms: number; loopMaxMs: number }>('stats', 10_000);
  web.send('stats');
  const loop = await looped;
  const cdnStats = cdn.next<{ originRequests: number }>('stats', 10_000);
  cdn.send('stats');
  const { originRequests } = await cdnStats;
  const { stats } = audience;
  const segmentRate = (stats.segmentsFetched - segmentsFrom) / seconds;
  const streamsOpen = stats.sseOpen;
  audience.stop();
  // The same probe once the audience has left: what this machine's load alone does to it.
  const baselineAnswer = probe.next<ProbeStats>('stats', 30_000);
  probe.send({ type: 'start', publicApi, viewerIds: audience.viewerIds });
  await sleep(BASELINE_MS);
  probe.send({ type: 'stats' });
  const baseline = await baselineAnswer;
  const alone = [...baseline.ms.state, ...baseline.ms.presence, ...baseline.ms.chat].sort(
    (a, b) => a - b,
  );

  reportLoad('while serving viewers');
  const probed = [...ms.state, ...ms.presence, ...ms.chat].sort((a, b) => a - b);
  reportAtLeast('viewers connected', stats.connected, VIEWERS_GOAL, '');
  reportCount(
    `  ${playback.lowLatency ? 'parts' : 'segments'} fetched from the CDN`,
    stats.segmentsFetched,
    `${stats.segmentsFailed} failed; ${segmentRate.toFixed(0)}/s in the window; playlists ${stats.playlistsFetched} (${stats.playlistsFailed} failed), ${originRequests} of them asked of the web process (CDN collapsing); ${(stats.segmentBytes / 1024 / 1024).toFixed(0)} MB`,
  );
  report('API p99 (probe: state/presence/chat)', percentile(probed, 99), API_P99_MS, 'ms');
  reportFigure(
    '  API p50 (probe)',
    median(probed),
    'ms',
    `p90 ${percentile(probed, 90).toFixed(0)} ms, p95 ${percentile(probed, 95).toFixed(0)} ms; ${probed.filter((x) => x > API_P99_MS).length} of ${probed.length} calls over ${API_P99_MS} ms, over ${seconds.toFixed(0)} s`,
  );
  reportCompared(
    '  API p99, audience gone (same run)',
    percentile(alone, 99),
    percentile(probed, 99),
    'ms',
    `with ${VIEWERS} viewers; p50 ${median(alone).toFixed(0)} ms, ${alone.length} calls, load ${loadavg()[0]?.toFixed(2)}`,
  );
  for (const kind of ['state', 'presence', 'chat'] as const) {
    const sorted = [...ms[kind]].sort((a, b) => a - b);
    reportFigure(
      `  ${kind} p50 / p99`,
      median(sorted),
      'ms',
      `p99 ${percentile(sorted, 99).toFixed(0)} ms (${sorted.length} calls)`,
    );
  }
  const own = [...stats.viewerApiMs].sort((a, b) => a - b);
  reportFigure(
    "  viewers' own calls p99",
    percentile(own, 99),
    'ms',
    `p50 ${median(own).toFixed(0)} ms (${own.length} state and presence calls)`,
  );
  reportNone('refused answers (429)', stats.refused + probeRefused);
  reportCount(
    '  other failed API calls',
    stats.failed + probeFailed,
    `events streams open at the end ${streamsOpen}, dropped ${stats.sseDropped}`,
  );
  reportAtLeast('viewer count the service reports', reported, VIEWERS_GOAL, '');
  reportCount(
    '  largest count announced (SSE)',
    stats.announcedViewers,
    'viewers events on the streams',
  );
  reportFigure(
    'web process CPU',
    webCpu,
    '%',
    `of one core (2 cores = 200 %); event loop p99 ${loop.loopP99Ms.toFixed(0)} ms, max ${loop.loopMaxMs.toFixed(0)} ms`,
  );
  reportFigure('  its ffmpeg packaging CPU', packagingCpu, '%', 'of one core');
  reportFigure(
    '  load generator event loop p99',
    generator.percentile(99) / 1e6,
    'ms',
    `this process's ${VIEWERS} viewers (the probe runs apart); high = viewers' own figures late`,
  );
}

export default async function liveBench(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'popstage-live-bench-'));
  const cleanups: (() => Promise<void>)[] = [];
  let browser: Browser | null = null;
  // One clean-up, whoever asks first (an interrupt, or the run ending while it goes): the
  // directory is removed only once the processes writing into it have stopped.
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => {
    cleaning ??= (async () => {
      const warn = (error: unknown) => console.warn(`clean-up: ${String(error)}`);
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(warn);
      await browser?.close().catch(warn);
      await rm(root, { recursive: true, force: true, maxRetries: 3 }).catch(warn);
    })();
    return cleaning;
  };
  const interrupted = () => {
    console.log("interrupted: stopping the bench's processes and removing its files");
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  // Whatever ends the process, its files go (its children are killed by children.ts).
  const lastResort = () => rmSync(root, { recursive: true, force: true });
  process.once('exit', lastResort);
  try {
    const camera = join(root, 'camera.y4m');
    await writeFrameCodeY4m(camera, CAMERA_SECONDS);
    browser = await launchChromium({ camera });
    // Playwright's own SIGINT/SIGTERM handlers exit (130) as soon as the browser is closed,
    // before the bench's processes, files and database are cleaned up: the bench's own handler
    // does it all (closing the browser too), then exits.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) {
        if (listener !== interrupted) process.off(signal, listener);
      }
    }
    if (PARTS.includes('latency')) await latencyPart(browser, root);
    if (PARTS.includes('viewers')) await viewersPart(browser, root, cleanups);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanUp();
    process.off('exit', lastResort);
  }
}

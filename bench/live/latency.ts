import { appendFileSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveMedia } from '@popstage/live';
import { FRAME_CODE } from '@popstage/testkit/frame-code';
import type { Browser, Page } from 'playwright-core';
import { median, percentile } from '../report';
import { installReader, playerState, readFrame, startShopperServer } from './pages';
import { freePort, sellerWithShow, startLive, waitForPlayback } from './service';

/** Seconds of numbered frames in the camera file; Chromium loops it (numbers taken modulo). */
export const CAMERA_SECONDS = 30;
const CAMERA_FRAMES = CAMERA_SECONDS * FRAME_CODE.fps;
const SAMPLE_EVERY_MS = 200;
/** The studio's MediaRecorder timeslice (apps/live/src/studio/client/studio.ts). */
const RECORDER_TIMESLICE_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mod = (n: number, m: number) => ((n % m) + m) % m;

/** Opens the seller's studio and presses Go live (studio.ts's own controls and flow). */
export async function goLiveInStudio(browser: Browser, dashboardUrl: string): Promise<Page> {
  const studio = await browser.newPage();
  await studio.goto(dashboardUrl);
  await studio.locator('#show-status', { hasText: 'Scheduled' }).waitFor({ timeout: 30_000 });
  await studio.getByRole('button', { name: 'Go live' }).click();
  await studio.locator('#status', { hasText: 'You are live.' }).waitFor({ timeout: 30_000 });
  return studio;
}

/** One shopper's player: plain HLS (hls.js's segment-level settings) or low-latency. */
export interface ShopperResult {
  lowLatency: boolean;
  /** Glass-to-glass, seconds, per paired sample. */
  samples: number[];
  unread: number;
  /** hls.js's distance to the live edge, seconds. */
  playerLatency: number[];
  /** Its first frame after its page loaded, ms. */
  settleMs: number;
  /** hls.js's errors over the run (type, details, status, URL): the last few, and how many. */
  errors: string[];
  errorCount: number;
  /** Times its video waited for data while sampling (a stall each). */
  stalls: number;
}

export interface LatencyResult {
  /** The plain HLS shopper, then the low-latency one when the service offers it. */
  shoppers: ShopperResult[];
  /** What the service says its playback is. */
  lowLatency: boolean;
  /** The camera's frame rate measured off the studio's preview over the sampling window. */
  cameraFps: number;
  /** Largest gap between the two pages' reads of one pair, ms (corrected for). */
  maxSkewMs: number;
  /** From the camera capturing a segment's last frame to the segment stored, seconds. */
  cameraToStored: number[];
  firstSegmentMs: number;
}

/**
 * Part 1: the live service in this process (PGlite, disk storage it serves itself, ffmpeg), a
 * seller and a show made through the seller API, the studio broadcasting Chromium's numbered
 * camera, a shopper's hls.js page in the same browser; both pages read at the same moments.
 */
export async function measureLatency(
  browser: Browser,
  dirs: { media: string; work: string },
  sampleMs: number,
  settleMs: number,
): Promise<LatencyResult> {
  // When each segment was stored and where its media ends (from the live playlists stored).
  const stored = new Map<string, number>();
  const segmentEnd = new Map<string, number>();
  let mediaSeconds = 0;
  let firstChunkAt = 0;
  const onStored = (key: string) => {
    const now = Date.now();
    if (key.endsWith('.ts')) stored.set(key.slice(key.lastIndexOf('/') + 1), now);
    if (process.env.BENCH_LIVE_DEBUG && key.endsWith('.ts') && stored.size <= 24) {
      copyFileSync(
        join(dirs.media, key),
        join(process.env.BENCH_LIVE_DEBUG, key.slice(key.lastIndexOf('/') + 1)),
      );
    }
    if (!key.endsWith('/live/index.m3u8')) return;
    const text = readFileSync(join(dirs.media, key), 'utf8');
    if (process.env.BENCH_LIVE_DEBUG)
      appendFileSync(join(process.env.BENCH_LIVE_DEBUG, 'playlists.log'), `${now}\n${text}\n`);
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      const uri = lines[index + 1]?.trim();
      const name = uri?.slice(uri.lastIndexOf('/') + 1);
      if (!line.startsWith('#EXTINF:') || !name || segmentEnd.has(name)) return;
      mediaSeconds += Number.parseFloat(line.slice('#EXTINF:'.length));
      segmentEnd.set(name, mediaSeconds);
    });
  };
  // The first WebM chunk arrives one MediaRecorder timeslice after the recording began.
  const wrapMedia = (media: LiveMedia): LiveMedia => ({
    storage: media.storage,
    startRtmp: (...args) => media.startRtmp(...args),
    startBrowser(showId) {
      const session = media.startBrowser(showId);
      const input = session.input;
      if (input) {
        const write = input.write.bind(input) as (...args: unknown[]) => boolean;
        (input as { write: (...args: unknown[]) => boolean }).write = (...args) => {
          firstChunkAt ||= Date.now();
          return write(...args);
        };
      }
      return session;
    },
  });

  const live = await startLive({
    port: await freePort(),
    mediaDir: dirs.media,
    workDir: dirs.work,
    onStored,
    wrapMedia,
  });
  const shopperServer = await startShopperServer();
  const pages: Page[] = [];
  try {
    const { sellerId, dashboardUrl, showId } = await sellerWithShow(live.baseUrl, 1);
    const studio = await goLiveInStudio(browser, dashboardUrl);
    pages.push(studio);
    const liveAt = Date.now();
    const { hls, lowLatency } = await waitForPlayback(live.baseUrl, sellerId, showId);
    const firstSegmentMs = Date.now() - liveAt;
    await installReader(studio);
    // Both players at once, read at the same moments: plain HLS, and low-latency when offered.
    const modes = lowLatency ? [false, true] : [false];
    const shoppers: { lowLatency: boolean; page: Page; settleMs: number }[] = [];
    for (const mode of modes) {
      const page = await browser.newPage();
      pages.push(page);
      if (process.env.BENCH_LIVE_DEBUG) {
        const log = join(process.env.BENCH_LIVE_DEBUG, `hls-${mode ? 'll' : 'plain'}.log`);
        page.on('console', (message) => appendFileSync(log, `${Date.now()} ${message.text()}\n`));
        page.on('response', async (response) => {
          if (!response.url().includes('.m3u8')) return;
          const body = await response.text().catch(() => '');
          appendFileSync(`${log}.responses`, `${Date.now()} ${response.url()}\n${body}\n`);
        });
      }
      await page.goto(shopperServer.url(hls, mode));
      await installReader(page);
      shoppers.push({ lowLatency: mode, page, settleMs: 0 });
    }
    const playing = Date.now();
    for (const shopper of shoppers) {
      while ((await readFrame(shopper.page, '#player')).frame === null) {
        if (Date.now() - playing > 60_000) {
          const errors = await shopper.page.evaluate('window.__errors.slice(-5).join("; ")');
          const mode = shopper.lowLatency ? 'low-latency' : 'plain HLS';
          throw new Error(`the ${mode} shopper never showed a frame (hls.js: ${errors})`);
        }
        await sleep(100);
      }
      shopper.settleMs = Date.now() - playing;
    }
    await sleep(settleMs);
    for (const { page } of shoppers) await page.evaluate('window.__stalls = 0');

    type Pair = { studio: number; studioAt: number; shopper: number; shopperAt: number };
    const pairs: Pair[][] = shoppers.map(() => []);
    const playerLatency: number[][] = shoppers.map(() => []);
    const unread = shoppers.map(() => 0);
    const from = Date.now();
    while (Date.now() - from < sampleMs) {
      const tick = Date.now();
      const [s, ...reads] = await Promise.all([
        readFrame(studio, '#preview'),
        ...shoppers.map(async ({ page }) => ({
          frame: await readFrame(page, '#player'),
          state: await playerState(page),
        })),
      ]);
      reads.forEach(({ frame, state }, i) => {
        if (Number.isFinite(state.latency)) playerLatency[i]?.push(state.latency);
        if (s.frame === null || frame.frame === null) unread[i] = (unread[i] ?? 0) + 1;
        else
          pairs[i]?.push({
            studio: s.frame,
            studioAt: s.at,
            shopper: frame.frame,
            shopperAt: frame.at,
          });
      });
      await sleep(Math.max(0, SAMPLE_EVERY_MS - (Date.now() - tick)));
    }
    const samplingEnded = Date.now();
    const diagnostics = await Promise.all(
      shoppers.map(
        ({ page }) =>
          page.evaluate(
            '({ errors: window.__errors.slice(-5), errorCount: window.__errors.length, stalls: window.__stalls })',
          ) as Promise<{ errors: string[]; errorCount: number; stalls: number }>,
      ),
    );
    const all = pairs.flat().sort((a, b) => a.studioAt - b.studioAt);
    if (pairs.some((list) => list.length < 2)) throw new Error('too few readable pairs of frames');

    // The camera's real rate: frame numbers (unwrapped) over the window's time.
    const first = all[0];
    const last = all[all.length - 1];
    let unwrapped = 0;
    for (let i = 1; i < all.length; i++) {
      unwrapped += mod((all[i]?.studio ?? 0) - (all[i - 1]?.studio ?? 0), CAMERA_FRAMES);
    }
    const cameraFps =
      first && last && last.studioAt > first.studioAt
        ? unwrapped / ((last.studioAt - first.studioAt) / 1000)
        : FRAME_CODE.fps;
    // latency = (studio frame - shopper frame) / fps, the studio's frame brought to the moment
    // the shopper's was read.
    const latencies = (list: Pair[]) =>
      list.map(
        (pair) =>
          mod(
            pair.studio + ((pair.shopperAt - pair.studioAt) / 1000) * cameraFps - pair.shopper,
            CAMERA_FRAMES,
          ) / cameraFps,
      );
    const maxSkewMs = Math.max(...all.map((pair) => Math.abs(pair.shopperAt - pair.studioAt)));

    const recordingStart = firstChunkAt - RECORDER_TIMESLICE_MS;
    const cameraToStored = [...stored.entries()]
      .filter(([, at]) => at >= from && at <= samplingEnded)
      .flatMap(([name, at]) => {
        const end = segmentEnd.get(name);
        return end === undefined ? [] : [(at - recordingStart) / 1000 - end];
      });
    return {
      shoppers: shoppers.map((shopper, i) => ({
        lowLatency: shopper.lowLatency,
        samples: latencies(pairs[i] ?? []),
        unread: unread[i] ?? 0,
        playerLatency: playerLatency[i] ?? [],
        settleMs: shopper.settleMs,
        errors: diagnostics[i]?.errors ?? [],
        errorCount: diagnostics[i]?.errorCount ?? 0,
        stalls: diagnostics[i]?.stalls ?? 0,
      })),
      lowLatency,
      cameraFps,
      maxSkewMs,
      cameraToStored,
      firstSegmentMs,
    };
  } finally {
    for (const page of pages) await page.close().catch(() => {});
    await shopperServer.close();
    await live.close();
  }
}

export function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: median(sorted), p95: percentile(sorted, 95), count: sorted.length };
}

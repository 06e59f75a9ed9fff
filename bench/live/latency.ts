import { readFileSync } from 'node:fs';
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

export interface LatencyResult {
  /** Glass-to-glass, seconds, per paired sample. */
  samples: number[];
  unread: number;
  /** The camera's frame rate measured off the studio's preview over the sampling window. */
  cameraFps: number;
  /** Largest gap between the two pages' reads of one pair, ms (corrected for). */
  maxSkewMs: number;
  settleMs: number;
  /** hls.js's distance to the live edge, seconds. */
  playerLatency: number[];
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
    if (!key.endsWith('/live/index.m3u8')) return;
    const lines = readFileSync(join(dirs.media, key), 'utf8').split('\n');
    lines.forEach((line, index) => {
      const name = lines[index + 1]?.trim();
      if (!line.startsWith('#EXTINF:') || !name || segmentEnd.has(name)) return;
      mediaSeconds += Number.parseFloat(line.slice('#EXTINF:'.length));
      segmentEnd.set(name, mediaSeconds);
    });
  };
  // The first WebM chunk arrives one MediaRecorder timeslice (500 ms) after the recording began.
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
    const { hls } = await waitForPlayback(live.baseUrl, sellerId, showId);
    const firstSegmentMs = Date.now() - liveAt;
    const shopper = await browser.newPage();
    pages.push(shopper);
    await shopper.goto(shopperServer.url(hls));
    await installReader(studio);
    await installReader(shopper);
    const playing = Date.now();
    while ((await readFrame(shopper, '#player')).frame === null) {
      if (Date.now() - playing > 60_000) throw new Error('the shopper never showed a frame');
      await sleep(100);
    }
    const settledAfter = Date.now() - playing;
    await sleep(settleMs);

    const pairs: { studio: number; studioAt: number; shopper: number; shopperAt: number }[] = [];
    const playerLatency: number[] = [];
    let unread = 0;
    const from = Date.now();
    while (Date.now() - from < sampleMs) {
      const tick = Date.now();
      const [s, p, state] = await Promise.all([
        readFrame(studio, '#preview'),
        readFrame(shopper, '#player'),
        playerState(shopper),
      ]);
      if (Number.isFinite(state.latency)) playerLatency.push(state.latency);
      if (s.frame === null || p.frame === null) unread++;
      else pairs.push({ studio: s.frame, studioAt: s.at, shopper: p.frame, shopperAt: p.at });
      await sleep(Math.max(0, SAMPLE_EVERY_MS - (Date.now() - tick)));
    }
    const samplingEnded = Date.now();
    if (pairs.length < 2) throw new Error(`only ${pairs.length} readable pairs of frames`);

    // The camera's real rate: frame numbers (unwrapped) over the window's time.
    const first = pairs[0];
    const last = pairs[pairs.length - 1];
    let unwrapped = 0;
    for (let i = 1; i < pairs.length; i++) {
      unwrapped += mod((pairs[i]?.studio ?? 0) - (pairs[i - 1]?.studio ?? 0), CAMERA_FRAMES);
    }
    const cameraFps =
      first && last && last.studioAt > first.studioAt
        ? unwrapped / ((last.studioAt - first.studioAt) / 1000)
        : FRAME_CODE.fps;
    // latency = (studio frame - shopper frame) / fps, the studio's frame brought to the moment
    // the shopper's was read.
    const samples = pairs.map(
      (pair) =>
        mod(
          pair.studio + ((pair.shopperAt - pair.studioAt) / 1000) * cameraFps - pair.shopper,
          CAMERA_FRAMES,
        ) / cameraFps,
    );
    const maxSkewMs = Math.max(...pairs.map((pair) => Math.abs(pair.shopperAt - pair.studioAt)));

    const recordingStart = firstChunkAt - 500;
    const cameraToStored = [...stored.entries()]
      .filter(([, at]) => at >= from && at <= samplingEnded)
      .flatMap(([name, at]) => {
        const end = segmentEnd.get(name);
        return end === undefined ? [] : [(at - recordingStart) / 1000 - end];
      });
    return {
      samples,
      unread,
      cameraFps,
      maxSkewMs,
      settleMs: settledAfter,
      playerLatency,
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

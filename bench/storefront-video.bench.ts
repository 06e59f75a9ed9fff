import { statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApp } from '@popstage/testkit/app';
import { launchChromium } from '@popstage/testkit/browser';
import { cachedClip } from '@popstage/testkit/clip';
import { runFfmpeg } from '@popstage/testkit/ffmpeg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { putFile, ShopClient } from './media-api';
import { benchRuns, median, report, reportCompared, reportFigure, reportLoad } from './report';
import { FRAME_TRACE_CATEGORIES, framesOnScreen } from './storefront/frames-on-screen';

/**
 * Video delivery (issues 19 and 29), side by side in one run:
 * - the app embed's loader against Shopify's 10,000-byte limit;
 * - processing: upload-complete → playable for a source within the caps and for a phone's
 *   16 Mbit/s 1080p upload, and the whole ladder against one plain 720p encode of it;
 * - what a shopper meets, on Lighthouse's mobile profile applied through CDP (1.6 Mbit/s, 150 ms,
 *   4x CPU, a 375 px phone with touch): the local Shopify's storefront page with the app embed's
 *   real loader and player, the featured bubble's first moving frame from navigation (the bubble
 *   the app embed renders from its metafield, once the app has written it), a real tap on it, the
 *   viewer's first frame from that tap, its stalls and bytes over 20 s of viewing (its file's
 *   bytes warmed before the tap included), and what the warm file costs a shopper who never taps.
 *   Each against the same file's first frame in an empty page (same profile, same run). A frame
 *   counts when Chromium hands it to the display compositor (frames-on-screen.ts); the page's
 *   requestVideoFrameCallback times, which wait for the main thread, are printed beside them.
 * BENCH_RUNS=1 makes one shopper visit (a short run). Lighthouse scores with and without the app:
 * storefront-lighthouse.bench.ts (`npm run bench -- storefront` runs both, side by side).
 */

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(import.meta.dirname, '.cache');
const LOADER = join(ROOT, 'extensions/popstage/assets/popstage-loader.js');
const SHOP = 'demo-store.myshopify.com';
const MB = 1024 * 1024;

/** What a phone uploads: 20 s portrait 1080x1920 H.264 at ~16 Mbit/s (about 40 MB). */
const HEAVY = {
  seconds: 20,
  width: 1080,
  height: 1920,
  video: 'h264',
  audio: 'aac',
  container: 'mp4',
  videoBitRate: '16M',
  preset: 'ultrafast',
} as const;
/** A source within the 720p rung's caps: remuxed, playable at once. */
const LIGHT = {
  seconds: 20,
  width: 720,
  height: 1280,
  video: 'h264',
  audio: 'aac',
  container: 'mp4',
  videoBitRate: '1500k',
  preset: 'veryfast',
} as const;

/** Issue 29's goals. */
const BUBBLE_MOTION_MS = 1000;
const VIEWER_FIRST_FRAME_MS = 800;
const HEAVY_PLAYABLE_MS = 3000;
const LIGHT_PLAYABLE_MS = 1000;
const LADDER_RATIO = 1.1;
const STALLS = 0;
/** Issue 19's budget for 20 s of viewing on the phone profile. */
const BYTES_20S = 2.5 * MB;
const WATCH_MS = 20_000;
const RUNS = benchRuns(3);
const SETTLE_MS = 5000;
const UNLIMITED = '100000000';
/** How long the shopper who never taps stays on the page (the warm file's cost). */
const NEVER_TAPS_SECONDS = 15;
/** Lighthouse's mobile profile, as its simulated throttling assumes it. */
const PHONE = { latencyMs: 150, downMbit: 1.6, upKbit: 750, cpu: 4 } as const;

interface FeedClip {
  id: string;
  previewUrl: string | null;
  sources: { url: string; width: number; height: number; bitsPerSecond: number }[];
}

async function uploadAndProcess(client: ShopClient, file: string, name: string, featured = false) {
  const product = await client.prepare();
  const size = statSync(file).size;
  const { clip, uploadUrl } = await client.createUpload(
    product,
    { name, type: 'video/mp4', size },
    { featured },
  );
  await putFile(uploadUrl, file, 'video/mp4');
  const started = performance.now();
  await client.completeUpload(clip.metaIdentifier);
  let playableMs: number | null = null;
  for (;;) {
    const read = await client.readClip(clip.metaIdentifier);
    if (playableMs === null && (read.cdnUrl || read.metaData.processedURL)) {
      playableMs = performance.now() - started;
    }
    if (read.status === 'processed') break;
    if (read.status === 'failed') throw new Error(`${name} failed: ${read.failureReason}`);
    // 100 ms until playable (its target is 1 s), then 250 ms: each poll is a request on the
    // app's own PGlite, and polling every 25 ms took CPU from the ffmpeg runs being measured.
    await new Promise((r) => setTimeout(r, playableMs === null ? 100 : 250));
  }
  return {
    id: clip.metaIdentifier,
    playableMs: playableMs ?? 0,
    processedMs: performance.now() - started,
  };
}

/** One plain 720p encode of the source, as the ladder's rungs are encoded (veryfast, CRF 23). */
async function plain720(source: string, out: string): Promise<number> {
  const started = performance.now();
  await runFfmpeg([
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', source],
    ...['-vf', 'scale=720:1280,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast'],
    ...['-crf', '23', '-profile:v', 'high', '-c:a', 'aac', '-b:a', '128k'],
    ...['-movflags', '+faststart', '-f', 'mp4', out],
  ]);
  return performance.now() - started;
}

/** One request of a visit, from CDP: times in ms from the document's request, bytes received. */
interface RequestRecord {
  url: string;
  start: number;
  end: number | null;
  bytes: number;
}

/**
 * The phone profile on a page: Lighthouse's mobile throttling through CDP; counts bytes received,
 * in all and per request (media elements' requests have no resource timing in the page).
 */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downMbit * 1024 * 1024) / 8,
    uploadThroughput: (PHONE.upKbit * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  const received = { bytes: 0, requests: new Map<string, RequestRecord>(), origin: Number.NaN };
  const ms = (timestamp: number) => timestamp * 1000 - received.origin;
  cdp.on(
    'Network.requestWillBeSent',
    (event: { requestId: string; timestamp: number; type?: string; request: { url: string } }) => {
      if (event.type === 'Document' && Number.isNaN(received.origin)) {
        received.origin = event.timestamp * 1000;
      }
      if (received.requests.has(event.requestId)) return;
      received.requests.set(event.requestId, {
        url: event.request.url,
        start: ms(event.timestamp),
        end: null,
        bytes: 0,
      });
    },
  );
  cdp.on('Network.dataReceived', (event: { requestId: string; encodedDataLength: number }) => {
    received.bytes += event.encodedDataLength;
    const request = received.requests.get(event.requestId);
    if (request) request.bytes += event.encodedDataLength;
  });
  const finished = (event: { requestId: string; timestamp: number }) => {
    const request = received.requests.get(event.requestId);
    if (request) request.end = ms(event.timestamp);
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', finished);
  return received;
}

/** Requests whose URL passes `test`: first start, last end, bytes in all. */
function requestsOf(requests: Iterable<RequestRecord>, test: (url: string) => boolean) {
  const found = [...requests].filter((r) => test(r.url));
  if (found.length === 0) return null;
  const ends = found.map((r) => r.end ?? Number.NaN);
  return {
    start: Math.min(...found.map((r) => r.start)),
    end: Math.max(...ends),
    bytes: found.reduce((sum, r) => sum + r.bytes, 0),
  };
}

const span = (found: ReturnType<typeof requestsOf>) =>
  found ? `${found.start.toFixed(0)}–${found.end.toFixed(0)}` : '-';

const phoneContext = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });

/** The binding WATCH_VIDEOS tells the bench through (CDP's Runtime.addBinding). */
const SIGNAL = '__psBenchSignal';

/**
 * What the page tells the bench, as it happens: a binding call is one CDP event, where each poll
 * (page.evaluate) and each selector wait (Playwright's 330 KB injected script, twice) ran on the
 * page's throttled main thread, 160-200 ms of it before the bubble moved.
 */
async function pageSignals(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const seen = new Map<string, { x: number; y: number }>();
  const waiting = new Map<string, () => void>();
  cdp.on('Runtime.bindingCalled', (event: { name: string; payload: string }) => {
    if (event.name !== SIGNAL) return;
    const { name, data } = JSON.parse(event.payload) as {
      name: string;
      data: { x: number; y: number };
    };
    seen.set(name, data);
    waiting.get(name)?.();
  });
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: SIGNAL });
  return {
    /** The signal's data once the page sends it, or null after `timeoutMs`. */
    async next(name: string, timeoutMs: number) {
      if (!seen.has(name)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          waiting.set(name, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return seen.get(name) ?? null;
    },
  };
}

/**
 * Watches every <video> the page loads, from navigation (performance.now() counts from it): each
 * presented frame (requestVideoFrameCallback) with its media time, each wait for data after
 * playback began (a stall), and the shopper's first touch. A string, not a function: tsx's
 * transpiled functions call a helper the page lacks.
 */
const WATCH_VIDEOS = `(() => {
  const s = (window.__psBench = { frames: [], stalls: [], tapAt: null });
  const signal = (name, data) => {
    try {
      window.${SIGNAL}(JSON.stringify({ name, data }));
    } catch {}
  };
  const kind = (v) => (v.closest('.ps-viewer') ? 'viewer' : v.classList.contains('ps-loop') ? 'loop' : 'other');
  const watch = (v) => {
    if (v.__psWatched) return;
    v.__psWatched = true;
    let count = 0;
    const frame = (_now, meta) => {
      s.frames.push({ kind: kind(v), t: performance.now(), presented: meta.presentationTime, mediaTime: meta.mediaTime, src: v.currentSrc });
      if (kind(v) === 'loop' && meta.mediaTime > 0 && !s.loopMoving) {
        s.loopMoving = true;
        const box = (v.closest('.ps-tile') || v).getBoundingClientRect();
        signal('loop-moving', { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      }
      if (kind(v) === 'viewer' && !s.viewerFrame) {
        s.viewerFrame = true;
        signal('viewer-frame', {});
      }
      if (++count < 30) v.requestVideoFrameCallback(frame);
    };
    v.requestVideoFrameCallback(frame);
    let started = false;
    v.addEventListener('playing', () => {
      const open = s.stalls.find((x) => x.video === v && x.end === null);
      if (open) open.end = performance.now();
      started = true;
    });
    v.addEventListener('waiting', () => {
      if (started) s.stalls.push({ video: v, kind: kind(v), start: performance.now(), end: null });
    });
  };
  // Each <video> as it starts loading (media events do not bubble: captured). A MutationObserver
  // of the whole document ran on every parsed chunk, 4 ms a time at 4x, before the bubble moved.
  for (const type of ['loadstart', 'play']) {
    addEventListener(type, (event) => { if (event.target instanceof HTMLVideoElement) watch(event.target); }, true);
  }
  addEventListener('pointerdown', () => { s.tapAt ??= performance.now(); }, true);
})()`;

interface Watched {
  /** t: when the page's callback ran; presented: when the frame went to the compositor. */
  frames: { kind: string; t: number; presented: number; mediaTime: number; src: string }[];
  stalls: { kind: string; start: number; end: number | null }[];
  tapAt: number | null;
}

const watched = (page: Page) =>
  page.evaluate(
    '({ ...window.__psBench, stalls: window.__psBench.stalls.map(({ video, ...rest }) => rest) })',
  ) as Promise<Watched>;

interface ShopperVisit {
  /** Whether the page came with the bubble the app embed renders from its metafield. */
  served: boolean;
  /**
   * From navigation, as the shopper sees them (frames handed to the display compositor, from
   * Chromium's trace: frames-on-screen.ts): the bubble loop's first frame, and its first frame
   * with media time > 0.
   */
  bubbleFrameMs: number;
  bubbleMotionMs: number;
  /**
   * The page's requestVideoFrameCallback for the loop's first frame with media time > 0: when the
   * page's main thread ran it, and the presentation time it gives (of the frame it names, which
   * can be a later one: it skips frames while the main thread is busy).
   */
  bubbleMotionCallbackMs: number;
  bubbleMotionPresentedMs: number;
  /** From the tap: the viewer's first frame on screen, and when the page's callback saw it. */
  viewerFirstFrameMs: number;
  viewerFirstFrameCallbackMs: number;
  viewerSrc: string;
  /** Bytes of the viewer's file received before the tap (the loader's warm element). */
  warmBytes: number;
  stalls: number;
  stalledMs: number;
  /** Each stall's start, in ms from the tap (where in the viewing the link fell behind). */
  stallStartsMs: number[];
  bytes: number;
}

/**
 * BENCH_TRACE_DIR=dir keeps each visit's Chromium trace there (open it in DevTools' Performance
 * panel), with the main thread's tasks and the network's requests: where the bubble's time goes.
 */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const visitTraceCategories = () =>
  TRACE_DIR
    ? [
        ...FRAME_TRACE_CATEGORIES,
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'loading',
        'v8.execute',
      ]
    : FRAME_TRACE_CATEGORIES;
let traced = 0;
async function keepTrace(trace: Buffer): Promise<void> {
  if (!TRACE_DIR) return;
  await mkdir(TRACE_DIR, { recursive: true });
  const file = join(TRACE_DIR, `visit-${++traced}.json`);
  await writeFile(file, trace);
  console.log(`  trace: ${file}`);
}

/**
 * What a shopper meets: the storefront page as the local Shopify renders it, with the app embed's
 * real loader (from the extension's assets) and the player it fetches, on the phone profile. The
 * bench waits for the bubble to move, taps it as a finger would, and watches the viewer WATCH_MS.
 */
async function shopperVisit(browser: Browser, url: string): Promise<ShopperVisit> {
  const context = await phoneContext(browser);
  try {
    await context.addInitScript(WATCH_VIDEOS);
    const page = await context.newPage();
    const received = await throttle(context, page);
    const signals = await pageSignals(context, page);
    await browser.startTracing(page, { categories: visitTraceCategories() });
    await page.goto(url, { waitUntil: 'commit' });
    const documentUrl = page.url();
    // Told by the page itself (no polling, no selector engine: either costs the throttled main
    // thread that the bubble's first frame waits for, 160-200 ms of it in traces).
    const moving = await signals.next('loop-moving', 30_000);
    const requestsAtTap = [...received.requests.values()].map((r) => ({ ...r }));
    if (moving) await page.touchscreen.tap(moving.x, moving.y);
    else await page.tap('[data-popstage-float="featured"] .ps-tile');
    const bytesAtTap = received.bytes;
    await signals.next('viewer-frame', 30_000);
    // Traced through the viewing: stopping the trace flushes the renderer's buffers, work that
    // would otherwise land in the viewing being measured.
    await page.waitForTimeout(WATCH_MS);
    const trace = await browser.stopTracing();
    await keepTrace(trace);
    const onScreen = framesOnScreen(trace, documentUrl);
    const served = (await page.evaluate(`!!document.getElementById('popstage-bubble')`)) as boolean;
    const seen = await watched(page);
    const loopMoving = seen.frames.find((f) => f.kind === 'loop' && f.mediaTime > 0);
    const viewer = seen.frames.filter((f) => f.kind === 'viewer');
    const firstViewer = viewer[0];
    if (!firstViewer || seen.tapAt === null)
      throw new Error('the viewer showed no frame after the tap');
    const tapAt = seen.tapAt;
    // The loop's frames are those on screen before the tap; the viewer's, the first after it of
    // another size.
    const loopOnScreen = onScreen.filter((f) => f.ms < tapAt);
    const loopSize = loopOnScreen[0]?.naturalSize;
    const viewerOnScreen = onScreen.find((f) => f.ms > tapAt && f.naturalSize !== loopSize);
    const stalls = seen.stalls.filter((s) => s.kind === 'viewer');
    // The viewer's file as far as it came before the tap: the loader's warm element's bytes.
    const viewerPath = new URL(firstViewer.src).pathname;
    const warm = requestsOf(requestsAtTap, (u) => new URL(u).pathname === viewerPath);
    // Where the bubble's time goes, from navigation (CDP: media requests have no resource timing).
    const list = [...received.requests.values()];
    const step = (test: (url: string) => boolean) => span(requestsOf(list, test));
    const isLoop = (u: string) => /\/loop(\?|\.mp4)/.test(u);
    console.log(
      `  requests (start–end, ms from navigation): document ${step((u) => u === url || u === `${url}/`)}, loop ${step(isLoop)} (${list.filter((r) => isLoop(r.url)).length} request), feed ${step((u) => u.endsWith('/feed'))}, loader ${step((u) => u.includes('popstage-loader.js'))}, player ${step((u) => u.includes('widget.js'))}, viewer file before the tap ${span(warm)} (${((warm?.bytes ?? 0) / 1024).toFixed(0)} KB)`,
    );
    // What shared the link with the viewer's file up to a stall (times from navigation).
    const firstStall = stalls[0]?.start;
    if (firstStall !== undefined) {
      // data: URLs (the media controls' icons) never touch the link.
      const around = list.filter(
        (r) => !r.url.startsWith('data:') && r.start < firstStall && (r.end ?? firstStall) > tapAt,
      );
      console.log(
        `  in flight between the tap (${tapAt.toFixed(0)} ms) and the stall (${firstStall.toFixed(0)} ms): ${around.map((r) => `${new URL(r.url).pathname.split('/').slice(-2).join('/')} ${r.start.toFixed(0)}–${(r.end ?? Number.NaN).toFixed(0)} (${(r.bytes / 1024).toFixed(0)} KB)`).join(', ')}`,
      );
    }
    const end = (await page.evaluate('performance.now()')) as number;
    return {
      served,
      bubbleFrameMs: loopOnScreen[0]?.ms ?? Number.NaN,
      bubbleMotionMs: loopOnScreen.find((f) => f.mediaTime > 0)?.ms ?? Number.NaN,
      bubbleMotionCallbackMs: loopMoving?.t ?? Number.NaN,
      bubbleMotionPresentedMs: loopMoving?.presented ?? Number.NaN,
      viewerFirstFrameMs: (viewerOnScreen?.ms ?? Number.NaN) - tapAt,
      viewerFirstFrameCallbackMs: firstViewer.t - tapAt,
      viewerSrc: firstViewer.src,
      warmBytes: warm?.bytes ?? 0,
      stalls: stalls.length,
      stallStartsMs: stalls.map((stall) => stall.start - tapAt),
      stalledMs: stalls.reduce((sum, s) => sum + ((s.end ?? end) - s.start), 0),
      // The warm bytes belong to the viewing too.
      bytes: received.bytes - bytesAtTap + (warm?.bytes ?? 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * What the viewer's warm file costs a shopper who never taps: the home page on the phone profile
 * for `seconds`, bytes of the file at `viewerPath` (the viewer's first rung).
 */
async function neverTaps(browser: Browser, url: string, viewerPath: string, seconds: number) {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const received = await throttle(context, page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForTimeout(seconds * 1000);
    return (
      requestsOf(received.requests.values(), (u) => new URL(u).pathname === viewerPath)?.bytes ?? 0
    );
  } finally {
    await context.close();
  }
}

/**
 * The same-run baseline: one muted, autoplaying <video> of `url` in an empty page on the phone
 * profile; ms from setting its source to its first frame on screen (and to the page's callback
 * for it).
 */
async function emptyPageFirstFrame(
  browser: Browser,
  url: string,
): Promise<{ onScreen: number; callback: number }> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    // On the file's own origin: a page elsewhere may not load from a loopback address (Chromium's
    // private network access), and a navigation gives the trace its start.
    const empty = new URL('/bench-empty-page', url).href;
    await page.route(empty, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><body style="margin:0">' }),
    );
    await browser.startTracing(page, { categories: FRAME_TRACE_CATEGORIES });
    await page.goto(empty);
    const { started, callback } = (await page.evaluate(`new Promise((done) => {
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.autoplay = true;
      video.style.width = '100vw';
      const started = performance.now();
      video.requestVideoFrameCallback(() => done({ started, callback: performance.now() }));
      setTimeout(() => done({ started, callback: Number.NaN }), 30000);
      video.src = ${JSON.stringify(url)};
      document.body.append(video);
    })`)) as { started: number; callback: number };
    const first = framesOnScreen(await browser.stopTracing(), empty)[0];
    return { onScreen: (first?.ms ?? Number.NaN) - started, callback: callback - started };
  } finally {
    await context.close();
  }
}

/**
 * Waits (up to 60 s) for the storefront page to carry the app embed's bubble of `clipId`: the
 * head script that builds it, with the clip as its data-clip attribute.
 */
async function servedBubbleOn(url: string, clipId: string): Promise<boolean> {
  for (const stop = Date.now() + 60_000; Date.now() < stop; ) {
    const html = await (await fetch(url)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    if (head.includes('id="popstage-bubble-script"') && head.includes(`data-clip="${clipId}"`)) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function setEmbed(baseUrl: string, enabled: boolean) {
  const answer = await fetch(`${baseUrl}/sandbox/api/shops/${SHOP}/embed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  if (!answer.ok) throw new Error(`embed ${enabled}: ${answer.status} ${await answer.text()}`);
}

/** The longest wait for the machine to settle before a visit. */
const SETTLE_LIMIT_MS = 180_000;
/**
 * The 1-minute load each visit waits for: an idle machine (the goals are for one). A visit's own
 * Chromium work (the throttled page, the viewer's 20 s of video) leaves the load near 2 on 2
 * cores, and the ladder's ffmpeg work 2-4: visits started right after measured that backlog, not
 * the page (the bubble took 0.9-1.5 s as the load went from 1.4 to 4 over back-to-back visits).
 */
const IDLE_LOAD = 1.0;

/** Waits until the 1-minute load average is under IDLE_LOAD (or SETTLE_LIMIT_MS has passed). */
async function settleLoad(before: string): Promise<void> {
  const started = Date.now();
  while ((loadavg()[0] ?? 0) > IDLE_LOAD && Date.now() - started < SETTLE_LIMIT_MS) {
    process.stdout.write(`  waiting for the load to settle (${loadavg()[0]?.toFixed(2)})...\r`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  reportLoad(before);
}

export default async function storefrontVideoBench(): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  reportLoad('at the start');
  const loader = statSync(LOADER).size;
  report('app embed loader', loader / 1000, 10, 'kB');

  console.log('generating the sources (20 s, 1080x1920 at 16 Mbit/s; 720x1280 at 1.5 Mbit/s)...');
  const heavy = await cachedClip(CACHE, 'video-heavy-16M', HEAVY);
  const light = await cachedClip(CACHE, 'video-light-1500k', LIGHT);

  // The bench polls the clip every 100 ms, and its shopper visits come from one address: the
  // per-shop API limit and the storefront's per-address limits are lifted for it.
  const app = await startApp({
    API_RATE_LIMIT: UNLIMITED,
    STOREFRONT_RATE_LIMIT: UNLIMITED,
    STOREFRONT_VIEWS_PER_ADDRESS: UNLIMITED,
    STOREFRONT_VISITORS_PER_ADDRESS: UNLIMITED,
    STOREFRONT_VISITORS_PER_SITE: UNLIMITED,
  });
  const browser = await launchChromium();
  try {
    const client = new ShopClient(app, SHOP);
    const lightRun = await uploadAndProcess(client, light, 'light.mp4');
    report('light source: playable', lightRun.playableMs, LIGHT_PLAYABLE_MS, 'ms');
    // The light clip's follow-up jobs (its products' clip counts and snapshots, through the local
    // Shopify in this same process) run for a few seconds: the heavy clip's ladder is timed after.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    // The phone's upload is the featured clip: the bubble and the viewer play its files.
    const heavyRun = await uploadAndProcess(client, heavy, 'heavy.mp4', true);
    report('16 Mbit/s 1080p upload: playable', heavyRun.playableMs, HEAVY_PLAYABLE_MS, 'ms');
    const plainOut = join(CACHE, 'plain-720.mp4');
    const plainMs = await plain720(heavy, plainOut);
    await rm(plainOut, { force: true });
    reportCompared(
      'whole ladder (upload-complete → done)',
      heavyRun.processedMs,
      plainMs,
      'ms',
      'one plain 720p ffmpeg encode (same run)',
    );
    report('whole ladder / one 720p encode', heavyRun.processedMs / plainMs, LADDER_RATIO, 'x');
    reportLoad('after processing');

    const feed = (await (
      await fetch(`${app.baseUrl}/storefront/v1/shops/${SHOP}/feed`)
    ).json()) as { clips: FeedClip[] };
    const clip = feed.clips.find((c) => c.id === heavyRun.id);
    if (!clip?.previewUrl || clip.sources.length === 0) {
      throw new Error('the heavy clip has no renditions or loop');
    }
    const { primaryDomainUrl } = await client.call<{ primaryDomainUrl: string }>(
      'GET',
      '/api/shopify/shop',
    );
    await setEmbed(app.baseUrl, true);
    // The featured clip's bubble is in the page once the app has written its metafield (a job
    // the end of processing queued): the visits start then.
    const served = await servedBubbleOn(primaryDomainUrl, heavyRun.id);
    console.log(
      `app embed renders the featured bubble: ${served ? 'yes' : 'NO (loader draws it)'}`,
    );
    const visits: ShopperVisit[] = [];
    for (let i = 0; i < RUNS; i++) {
      await settleLoad(`before shopper visit ${i + 1}`);
      const visit = await shopperVisit(browser, primaryDomainUrl);
      visits.push(visit);
      console.log(
        `visit ${i + 1}/${RUNS}: bubble ${visit.served ? 'from the page' : 'drawn by the loader'}, frame ${visit.bubbleFrameMs.toFixed(0)} ms, moving ${visit.bubbleMotionMs.toFixed(0)} ms (page's callback ${visit.bubbleMotionCallbackMs.toFixed(0)}, presented ${visit.bubbleMotionPresentedMs.toFixed(0)}) from navigation; viewer ${visit.viewerFirstFrameMs.toFixed(0)} ms from the tap (callback ${visit.viewerFirstFrameCallbackMs.toFixed(0)}; ${new URL(visit.viewerSrc).pathname.split('/').at(-1)}, ${(visit.warmBytes / 1024).toFixed(0)} KB of it warm before the tap), ${visit.stalls} stalls (${visit.stalledMs.toFixed(0)} ms${visit.stallStartsMs.map((at) => `, one ${at.toFixed(0)} ms after the tap`).join('')}), ${(visit.bytes / MB).toFixed(2)} MB`,
      );
    }
    const viewerSrc = visits[0]?.viewerSrc ?? '';
    const neverTapped = await neverTaps(
      browser,
      primaryDomainUrl,
      new URL(viewerSrc).pathname,
      NEVER_TAPS_SECONDS,
    );
    const emptyViewer = await emptyPageFirstFrame(browser, viewerSrc);
    const emptyLoop = await emptyPageFirstFrame(
      browser,
      new URL(clip.previewUrl, app.baseUrl).href,
    );
    reportLoad('after the shopper visits');
    const med = (pick: (v: ShopperVisit) => number) => median(visits.map(pick));
    report(
      'bubble moving, from navigation',
      med((v) => v.bubbleMotionMs),
      BUBBLE_MOTION_MS,
      'ms',
    );
    reportCompared(
      '  its loop in an empty page',
      med((v) => v.bubbleMotionMs),
      emptyLoop.onScreen,
      'ms',
      'first frame of the same loop on screen, empty page (same run)',
    );
    reportFigure(
      "  the page's callback for it",
      med((v) => v.bubbleMotionCallbackMs),
      'ms',
    );
    reportFigure(
      '  the frame that callback names',
      med((v) => v.bubbleMotionPresentedMs),
      'ms',
    );
    reportFigure(
      'bubble first frame, from navigation',
      med((v) => v.bubbleFrameMs),
      'ms',
    );
    report(
      'viewer first frame, from the tap',
      med((v) => v.viewerFirstFrameMs),
      VIEWER_FIRST_FRAME_MS,
      'ms',
    );
    reportFigure(
      "  the page's callback for it",
      med((v) => v.viewerFirstFrameCallbackMs),
      'ms',
    );
    reportCompared(
      '  its file in an empty page',
      med((v) => v.viewerFirstFrameMs),
      emptyViewer.onScreen,
      'ms',
      'first frame of the same file on screen, empty page (same run)',
    );
    reportFigure(
      `viewer's warm file, never tapped (${NEVER_TAPS_SECONDS} s)`,
      neverTapped / 1024,
      'KB',
    );
    const stalls = Math.max(...visits.map((v) => v.stalls));
    console.log(
      `${'viewer stalls in 20 s (worst visit)'.padEnd(34)} ${String(stalls).padStart(8)}     target = ${STALLS}  ${stalls <= STALLS ? 'meets target' : 'MISSES target'}`,
    );
    report(
      `bytes for ${WATCH_MS / 1000} s of viewing`,
      med((v) => v.bytes) / MB,
      BYTES_20S / MB,
      'MB',
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

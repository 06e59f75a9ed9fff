import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { livePlaybackSettings } from '@popstage/core/live';
import { FRAME_CODE, readFrameCode } from '@popstage/testkit/frame-code';
import type { Page } from 'playwright-core';

const HLS_LIGHT = join(import.meta.dirname, '../../node_modules/hls.js/dist/hls.light.mjs');

/**
 * A shopper's page: the show's live playlist in a <video> through hls.js with the storefront
 * player's settings (core's livePlaybackSettings), low-latency or plain HLS as asked. Served with
 * hls.js by a small server of the bench's own (another origin than the live service, as a
 * storefront is).
 */
export async function startShopperServer(): Promise<{
  url: (hls: string, lowLatency: boolean) => string;
  close(): Promise<void>;
}> {
  const hlsLight = await readFile(HLS_LIGHT);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://shop');
    if (url.pathname === '/hls.light.mjs') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(hlsLight);
      return;
    }
    const source = JSON.stringify(url.searchParams.get('hls') ?? '');
    const settings = JSON.stringify({
      ...livePlaybackSettings(url.searchParams.get('ll') === '1'),
      // BENCH_LIVE_DEBUG: hls.js's own log, to the console (latency.ts writes it out).
      ...(process.env.BENCH_LIVE_DEBUG ? { debug: true } : {}),
    });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shopper</title></head>
<body style="margin:0;background:#000"><video id="player" muted autoplay playsinline width="320" height="180"></video>
<script type="module">
import Hls from '/hls.light.mjs';
const video = document.getElementById('player');
const hls = new Hls(${settings});
window.__hls = hls;
hls.loadSource(${source});
hls.attachMedia(video);
hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch(() => {}));
window.__errors = [];
window.__stalls = 0;
video.addEventListener('waiting', () => window.__stalls++);
hls.on(Hls.Events.ERROR, (_event, data) => window.__errors.push(data.type + ' ' + data.details + ' ' + (data.response ? data.response.code : '') + ' ' + (data.url || '')));
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (hls, lowLatency) =>
      `http://127.0.0.1:${port}/?hls=${encodeURIComponent(hls)}&ll=${lowLatency ? 1 : 0}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The picture row readFrameCode samples (on a picture of the code's own size). */
const CODE_ROW = (() => {
  let row = 0;
  readFrameCode(
    (_x, y) => {
      row = y;
      return 0;
    },
    FRAME_CODE.width,
    FRAME_CODE.height,
  );
  return row;
})();

/**
 * Installs `window.__frameRow(selector)` in a page: draws the video's current frame on a canvas
 * of the code's size and answers that row's luma (BT.601 from the RGB the browser decoded) with
 * the moment it was read (ms since the epoch, the same clock in every page of the browser). A
 * string, not a function: tsx's transpiled functions call helpers the page lacks.
 */
const READER = `(() => {
  const canvas = document.createElement('canvas');
  canvas.width = ${FRAME_CODE.width};
  canvas.height = ${FRAME_CODE.height};
  const context = canvas.getContext('2d', { willReadFrequently: true });
  window.__frameRow = (selector) => {
    const video = document.querySelector(selector);
    const at = performance.timeOrigin + performance.now();
    if (!video || video.readyState < 2 || !video.videoWidth) return { at, luma: null };
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const data = context.getImageData(0, ${CODE_ROW}, canvas.width, 1).data;
    const luma = [];
    for (let x = 0; x < canvas.width; x++) {
      luma.push(Math.round(0.299 * data[4 * x] + 0.587 * data[4 * x + 1] + 0.114 * data[4 * x + 2]));
    }
    return { at, luma };
  };
})()`;

export const installReader = (page: Page) => page.evaluate(READER);

export interface FrameRead {
  /** When it was read, ms since the epoch. */
  at: number;
  /** The frame number on screen, or null (no picture yet, or a frame in transition). */
  frame: number | null;
}

/** The frame number `selector`'s video shows now. */
export async function readFrame(page: Page, selector: string): Promise<FrameRead> {
  const { at, luma } = (await page.evaluate(`window.__frameRow(${JSON.stringify(selector)})`)) as {
    at: number;
    luma: number[] | null;
  };
  if (!luma) return { at, frame: null };
  return {
    at,
    frame: readFrameCode((x) => luma[x] ?? 128, FRAME_CODE.width, FRAME_CODE.height),
  };
}

/** hls.js's own view of the shopper's player: distance to the live edge, rate, buffer ahead. */
export async function playerState(page: Page) {
  return (await page.evaluate(`(() => {
    const hls = window.__hls;
    const video = document.getElementById('player');
    const ahead = video.buffered.length ? video.buffered.end(video.buffered.length - 1) - video.currentTime : 0;
    return { latency: hls.latency, rate: video.playbackRate, ahead, paused: video.paused };
  })()`)) as { latency: number; rate: number; ahead: number; paused: boolean };
}

import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { startApp } from '@popstage/testkit/app';
import { launchChromium } from '@popstage/testkit/browser';
import type { Frame, Page } from 'playwright-core';
import { benchRuns, median, report, reportCompared, reportLoad } from './report';
import { recordTransfers, type Transfer } from './transfer';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'apps/admin/dist');
const LOADS = benchRuns(5);
/** Issue 29's goals for the initial route: what a merchant's first open transfers, and its LCP. */
const TRANSFER_GOAL_KB = 200;
const LCP_GOAL_MS = 1000;
const SHOP = 'demo-store.myshopify.com';

/** The app's JS and CSS, as built into apps/admin/dist/assets. */
const ASSET = /^\/assets\/.+\.(js|css)$/;

/** The admin's own document inside the local Shopify's admin page. */
async function appFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('#app-frame');
  const frame = await element.contentFrame();
  if (!frame) throw new Error('the admin page has no app frame');
  return frame;
}

/** The same-run baseline: a page of one line of text from a plain node:http server. */
async function emptyPagePaints(
  browser: Awaited<ReturnType<typeof launchChromium>>,
): Promise<{ fcp: number; lcp: number }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Empty</title><p>Popstage</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForTimeout(300);
    // A string, not a function: tsx's transpiled functions call a helper the page lacks.
    return (await page.evaluate(`new Promise((done) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        done({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          lcp: entries[entries.length - 1].startTime,
        });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`)) as { fcp: number; lcp: number };
  } finally {
    await context.close();
    server.close();
  }
}

/**
 * Every answer of the first cold load, largest first: what to cut next. The goal counts the app's
 * JS and CSS (`*`); the rest (the local Shopify's admin page, App Bridge, the app's document and
 * its calls) is listed for what it adds to the wire.
 */
function printLargest(transfers: readonly Transfer[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  console.log('largest answers of the first load (transferred, decoded; * = counted):');
  for (const t of [...transfers].sort((a, b) => b.transferred - a.transferred).slice(0, 15)) {
    const counted = ASSET.test(t.path) ? '*' : ' ';
    console.log(
      `  ${counted} ${kb(t.transferred)} ${kb(t.decoded)}  ${(t.encoding ?? '-').padEnd(4)} ${t.type.padEnd(10)} ${t.path}`,
    );
  }
}

export default async function adminLoad(): Promise<void> {
  console.log('building the admin...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/admin'], { cwd: ROOT, stdio: 'ignore' });
  const app = await startApp();
  const browser = await launchChromium();
  const fcp: number[] = [];
  const lcp: number[] = [];
  let transferred: Transfer[] = [];
  let uncompressed: Transfer[] = [];
  const empty: { fcp: number; lcp: number }[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      // A new context has an empty cache: each load is cold, as a merchant's first open.
      const context = await browser.newContext();
      const page = await context.newPage();
      const transfers = await recordTransfers(page);
      await context.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      // As in Shopify: the admin page embeds the app, which loads in its iframe.
      await page.goto(`${app.baseUrl}/sandbox/store/${SHOP}/apps/popstage`, {
        waitUntil: 'networkidle',
      });
      const frame = await appFrame(page);
      await frame.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const timings = await frame.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        lcp: (window as unknown as { __lcp: number }).__lcp,
      }));
      console.log(
        `load ${i + 1}/${LOADS}: FCP ${timings.fcp.toFixed(0)} ms, LCP ${timings.lcp.toFixed(0)} ms (in the app's frame)`,
      );
      fcp.push(timings.fcp);
      lcp.push(timings.lcp);
      if (i === 0) transferred = [...transfers];
      await context.close();
      empty.push(await emptyPagePaints(browser));
    }
    // Once more with compression off (Accept-Encoding: identity): what went out before it.
    const context = await browser.newContext();
    const page = await context.newPage();
    const transfers = await recordTransfers(page, { acceptEncoding: 'identity' });
    await page.goto(`${app.baseUrl}/sandbox/store/${SHOP}/apps/popstage`, {
      waitUntil: 'networkidle',
    });
    await (await appFrame(page)).waitForLoadState('networkidle');
    uncompressed = [...transfers];
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
  // The initial route's JS and CSS by path, each file once.
  const initialAssets = (list: Transfer[]) =>
    new Map(list.filter((t) => ASSET.test(t.path)).map((t) => [t.path, t.transferred]));
  const assets = initialAssets(transferred);
  const files = [...assets.keys()];
  const onDisk = files.reduce((sum, path) => sum + statSync(join(DIST, path)).size, 0);
  const sent = [...assets.values()].reduce((sum, size) => sum + size, 0);
  const sentUncompressed = [...initialAssets(uncompressed).values()].reduce((a, b) => a + b, 0);
  console.log(`initial route files (${files.length}): ${files.join(', ')}`);
  console.log(
    `  on disk ${(onDisk / 1024).toFixed(1)} KB, transferred ${(sent / 1024).toFixed(1)} KB`,
  );
  printLargest(transferred);
  reportLoad('after the loads');
  report('initial JS+CSS transferred', sent / 1024, TRANSFER_GOAL_KB, 'KB');
  reportCompared(
    '  against compression off',
    sent / 1024,
    sentUncompressed / 1024,
    'KB',
    'with Accept-Encoding: identity (before)',
  );
  report(`median FCP of ${LOADS} cold loads`, median(fcp), LCP_GOAL_MS, 'ms');
  report(`median LCP of ${LOADS} cold loads`, median(lcp), LCP_GOAL_MS, 'ms');
  reportCompared(
    '  LCP against an empty page',
    median(lcp),
    median(empty.map((e) => e.lcp)),
    'ms',
    'one line of text from node:http (same run)',
  );
}

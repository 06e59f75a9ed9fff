import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startApp } from '@popstage/testkit/app';
import { launchChromium } from '@popstage/testkit/browser';
import { median, report } from './report';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'apps/admin/dist');
const LOADS = 5;

const gzippedSize = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;

export default async function adminLoad(): Promise<void> {
  console.log('building the admin...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/admin'], { cwd: ROOT, stdio: 'ignore' });
  const app = await startApp();
  const browser = await launchChromium();
  const fcp: number[] = [];
  const lcp: number[] = [];
  // JS and CSS the first load of / really fetched: entry, preloads and the lazy route chunks.
  const initialFiles = new Set<string>();
  try {
    for (let i = 0; i < LOADS; i++) {
      // A new context has an empty cache: each load is cold.
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (i === 0 && /\.(js|css)$/.test(path)) initialFiles.add(path.slice(1));
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const timings = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        lcp: (window as unknown as { __lcp: number }).__lcp,
      }));
      console.log(
        `load ${i + 1}/${LOADS}: FCP ${timings.fcp.toFixed(0)} ms, LCP ${timings.lcp.toFixed(0)} ms`,
      );
      fcp.push(timings.fcp);
      lcp.push(timings.lcp);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  const initialBytes = [...initialFiles].reduce((sum, file) => sum + gzippedSize(file), 0);
  console.log(`initial route files (${initialFiles.size}): ${[...initialFiles].join(', ')}`);
  report('initial JS+CSS gzipped', initialBytes / 1024, 300, 'KB');
  report(`median FCP of ${LOADS} cold loads`, median(fcp), 1000, 'ms');
  report(`median LCP of ${LOADS} cold loads`, median(lcp), 1000, 'ms');
}

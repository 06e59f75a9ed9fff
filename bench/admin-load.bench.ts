import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/browser';
import { startApp } from '../e2e/server';
import { median, report } from './report';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'apps/admin/dist');
const LOADS = 5;

/** JS and CSS that index.html loads up front (entry, modulepreloads, stylesheets), gzipped. */
function initialBytesGzipped(): { files: string[]; bytes: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(DIST, file))).length,
    0,
  );
  return { files, bytes };
}

export default async function adminLoad(): Promise<void> {
  console.log('building the admin...');
  execFileSync('npm', ['run', 'build', '-w', '@popstage/admin'], { cwd: ROOT, stdio: 'ignore' });
  const initial = initialBytesGzipped();
  console.log(`initial route files: ${initial.files.join(', ')}`);
  report('initial JS+CSS gzipped', initial.bytes / 1024, 300, 'KB');

  const app = await startApp();
  const browser = await launchChromium();
  const fcp: number[] = [];
  const lcp: number[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      // A new context has an empty cache: each load is cold.
      const context = await browser.newContext();
      const page = await context.newPage();
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
  report(`median FCP of ${LOADS} cold loads`, median(fcp), 1000, 'ms');
  report(`median LCP of ${LOADS} cold loads`, median(lcp), 1000, 'ms');
}

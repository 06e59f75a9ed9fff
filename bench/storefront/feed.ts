import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { StartedApp } from '@popstage/testkit/app';
import { report } from '../report';
import type { FeedLoadFigures, FeedLoadOptions } from './feed-load';
import type { BenchShop } from './shop';

/**
 * p99 of GET /storefront/v1/shops/{shop}/feed under concurrent load from a second process (the
 * load generator, feed-load.ts), with and without If-None-Match.
 */

export const FEED_CONNECTIONS = 32;
export const FEED_SECONDS = 10;
const WARMUP_SECONDS = 1;
/** Chosen target (docs/decisions.md): p99 at most 100 ms under 32 concurrent connections. */
const FEED_P99_TARGET_MS = 100;

function runLoad(options: FeedLoadOptions): Promise<FeedLoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'feed-load.ts'), JSON.stringify(options)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`feed-load exited with ${code}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').pop() ?? '') as FeedLoadFigures);
      } catch (error) {
        reject(error);
      }
    });
  });
}

export async function feedBench(app: StartedApp, shop: BenchShop, label: string): Promise<void> {
  const url = `${app.baseUrl}/storefront/v1/shops/${shop.domain}/feed`;
  const origin = new URL(shop.primaryDomainUrl).origin;
  const first = await fetch(url, { headers: { origin } });
  if (!first.ok) throw new Error(`GET ${url}: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as { clips: unknown[] };
  console.log(
    `feed on ${label}: ${body.clips.length} clips; ${FEED_CONNECTIONS} connections from a second process for ${FEED_SECONDS} s (after ${WARMUP_SECONDS} s warm-up), closed loop`,
  );
  for (const conditional of [false, true]) {
    // The ETag as of now: it changes on the hour (routes.ts), which a run may just have crossed.
    const etag = conditional
      ? (await fetch(url, { headers: { origin } })).headers.get('etag')
      : null;
    if (conditional && !etag) {
      console.log('  the feed answered no ETag: the 304 path is not measured');
      continue;
    }
    const figures = await runLoad({
      url,
      connections: FEED_CONNECTIONS,
      seconds: FEED_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      etag: conditional ? etag : null,
      origin,
    });
    const statuses = Object.entries(figures.statuses)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    const mode = conditional ? 'If-None-Match' : 'full answer';
    console.log(
      `  ${mode}: ${figures.requestsPerSecond.toFixed(0)} requests/s (${statuses}${figures.errors ? `, ${figures.errors} errors` : ''}; ${(figures.bytesPerAnswer / 1024).toFixed(1)} KB per answer), latency p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(0)} ms`,
    );
    report(
      `feed p99, ${conditional ? '304' : '200'} (${label})`,
      figures.p99,
      FEED_P99_TARGET_MS,
      'ms',
    );
  }
}

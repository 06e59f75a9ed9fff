import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { StartedApp } from '@popstage/testkit/app';
import { percentile, report, reportCompared } from '../report';
import type { FeedLoadOptions, FeedLoadSample } from './feed-load';
import type { BenchShop } from './shop';

/**
 * p99 of GET /storefront/v1/shops/{shop}/feed under concurrent load from a second process (the
 * load generator, feed-load.ts): full answers uncompressed, in brotli and in gzip (compression
 * must not slow the feed, issue 21), and the 304 answer to If-None-Match.
 */

export const FEED_CONNECTIONS = 32;
export const FEED_SECONDS = 10;
const WARMUP_SECONDS = 1;
/** Chosen target (docs/decisions.md): p99 at most 100 ms under 32 concurrent connections. */
const FEED_P99_TARGET_MS = 100;

interface FeedLoadFigures {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  encodings: Record<string, number>;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytesPerAnswer: number;
}

function addCounts(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [key, n] of Object.entries(counts)) into[key] = (into[key] ?? 0) + n;
}

/** The figures of one run, or of several runs of the same requests taken together. */
function summarize(samples: FeedLoadSample[]): FeedLoadFigures {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  const encodings: Record<string, number> = {};
  for (const sample of samples) {
    addCounts(statuses, sample.statuses);
    addCounts(encodings, sample.encodings);
  }
  const seconds = samples.reduce((total, sample) => total + sample.seconds, 0);
  const bytes = samples.reduce((total, sample) => total + sample.bytes, 0);
  return {
    requests: latencies.length,
    errors: samples.reduce((total, sample) => total + sample.errors, 0),
    statuses,
    encodings,
    seconds,
    requestsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    bytesPerAnswer: latencies.length ? bytes / latencies.length : 0,
  };
}

function runLoad(options: FeedLoadOptions): Promise<FeedLoadSample> {
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
        resolve(JSON.parse(output.trim().split('\n').pop() ?? '') as FeedLoadSample);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The Accept-Encoding a shopper's Chromium sends; the server answers it in brotli. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/**
 * The uncompressed, brotli and gzip runs take turns, ROUNDS times FEED_SECONDS / ROUNDS each,
 * so that the other work on the machine weighs on all three alike; each one's figures are its
 * rounds' answers taken together.
 */
const ROUNDS = 3;

interface FeedRun {
  name: string;
  acceptEncoding: string | null;
}

/** Full answers uncompressed (no Accept-Encoding: compression off), in brotli and in gzip. */
const FULL_RUNS: FeedRun[] = [
  { name: 'identity', acceptEncoding: null },
  { name: 'br', acceptEncoding: 'br' },
  { name: 'gzip', acceptEncoding: 'gzip' },
];

const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${n}× ${key}`)
    .join(', ');

function printRun(mode: string, figures: FeedLoadFigures): void {
  console.log(
    `  ${mode}: ${figures.requestsPerSecond.toFixed(0)} requests/s (${counted(figures.statuses)}${figures.errors ? `, ${figures.errors} errors` : ''}; sent ${counted(figures.encodings)}; ${(figures.bytesPerAnswer / 1024).toFixed(1)} KB per answer), latency p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(0)} ms`,
  );
}

export async function feedBench(app: StartedApp, shop: BenchShop, label: string): Promise<void> {
  const url = `${app.baseUrl}/storefront/v1/shops/${shop.domain}/feed`;
  const origin = new URL(shop.primaryDomainUrl).origin;
  const first = await fetch(url, { headers: { origin } });
  if (!first.ok) throw new Error(`GET ${url}: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as { clips: unknown[] };
  console.log(
    `feed on ${label}: ${body.clips.length} clips; ${FEED_CONNECTIONS} connections from a second process, closed loop, ${FEED_SECONDS} s per mode after ${WARMUP_SECONDS} s warm-ups (uncompressed, brotli and gzip in ${ROUNDS} alternating rounds); 2 cores shared with other work: latencies are noisy`,
  );
  const options = {
    url,
    connections: FEED_CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    origin,
    etag: null,
  };
  const samples = new Map<string, FeedLoadSample[]>(FULL_RUNS.map((run) => [run.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of FULL_RUNS) {
      const sample = await runLoad({
        ...options,
        seconds: FEED_SECONDS / ROUNDS,
        acceptEncoding: run.acceptEncoding,
      });
      samples.get(run.name)?.push(sample);
    }
  }
  const figures = new Map<string, FeedLoadFigures>();
  for (const run of FULL_RUNS) {
    const measured = summarize(samples.get(run.name) ?? []);
    figures.set(run.name, measured);
    printRun(`full answer, Accept-Encoding ${run.acceptEncoding ?? 'none'}`, measured);
    // Round by round: how far the other work on the machine moved the figures.
    const rounds = (samples.get(run.name) ?? []).map((sample) => summarize([sample]));
    console.log(
      `    by round: ${rounds.map((r) => r.requestsPerSecond.toFixed(0)).join(' / ')} requests/s, p99 ${rounds.map((r) => r.p99.toFixed(1)).join(' / ')} ms`,
    );
  }
  // The 304 path as a browser asks for it; the ETag as of now: it changes on the hour
  // (routes.ts), which a run may just have crossed.
  const etag = (await fetch(url, { headers: { origin } })).headers.get('etag');
  if (etag) {
    const measured = summarize([
      await runLoad({
        ...options,
        seconds: FEED_SECONDS,
        etag,
        acceptEncoding: BROWSER_ACCEPT_ENCODING,
      }),
    ]);
    figures.set('304', measured);
    printRun('If-None-Match', measured);
  } else {
    console.log('  the feed answered no ETag: the 304 path is not measured');
  }
  for (const [name, measured] of figures) {
    report(
      `feed p99, ${name === '304' ? '304' : `200 ${name}`} (${label})`,
      measured.p99,
      FEED_P99_TARGET_MS,
      'ms',
    );
  }
  const off = figures.get('identity');
  for (const name of ['br', 'gzip']) {
    const on = figures.get(name);
    if (!off || !on) continue;
    reportCompared(`feed p99 ${name} vs off (${label})`, on.p99, off.p99, 'ms', 'uncompressed');
    reportCompared(
      `feed req/s ${name} vs off (${label})`,
      on.requestsPerSecond,
      off.requestsPerSecond,
      '/s',
      'uncompressed',
    );
  }
}

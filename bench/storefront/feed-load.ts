import { performance } from 'node:perf_hooks';
import { percentile } from '../report';
import { keepAliveAgent, send } from './http';

/**
 * The load generator of the feed bench, run as its own process (node --import tsx
 * bench/storefront/feed-load.ts '<json options>') so that its work is not the measured server's
 * event loop: `connections` keep-alive connections, each sending GET feed back to back
 * (closed loop) for `seconds` after a warm-up; prints one JSON line of figures.
 */

export interface FeedLoadOptions {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Sent as If-None-Match: the 304 path. */
  etag: string | null;
  /** Sent as Origin, as a storefront's browser would (CORS). */
  origin: string;
}

export interface FeedLoadFigures {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytesPerAnswer: number;
}

async function load(options: FeedLoadOptions): Promise<FeedLoadFigures> {
  const url = new URL(options.url);
  const agent = keepAliveAgent(options.connections);
  const headers: Record<string, string> = { origin: options.origin };
  if (options.etag) headers['if-none-match'] = options.etag;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  const warmEnd = performance.now() + options.warmupSeconds * 1000;
  const end = warmEnd + options.seconds * 1000;
  const connection = async () => {
    for (;;) {
      const begun = performance.now();
      if (begun >= end) return;
      try {
        const answer = await send(agent, url, { headers });
        if (begun < warmEnd) continue;
        latencies.push(performance.now() - begun);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        bytes += answer.body.length;
      } catch {
        if (begun >= warmEnd) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const seconds = options.seconds;
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    bytesPerAnswer: latencies.length ? bytes / latencies.length : 0,
  };
}

const argument = process.argv[2];
if (argument) {
  const figures = await load(JSON.parse(argument) as FeedLoadOptions);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

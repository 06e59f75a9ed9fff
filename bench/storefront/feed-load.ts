import { performance } from 'node:perf_hooks';
import { keepAliveAgent, send } from './http';

/**
 * The load generator of the feed bench, run as its own process (node --import tsx
 * bench/storefront/feed-load.ts '<json options>') so that its work is not the measured server's
 * event loop: `connections` keep-alive connections, each sending GET feed back to back
 * (closed loop) for `seconds` after a warm-up; prints one JSON line of its raw measurements
 * (feed.ts turns one or several into figures).
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
  /**
   * Sent as Accept-Encoding ('br', 'gzip'...); null sends none, which the server answers
   * uncompressed. Answers are timed as received, not decompressed (the server's cost is measured).
   */
  acceptEncoding: string | null;
}

/** One run's raw measurements, as the load process prints them. */
export interface FeedLoadSample {
  /** Each answer's latency in ms, from sending the request to its body's last byte. */
  latencies: number[];
  errors: number;
  statuses: Record<string, number>;
  /** Content-Encoding of the answers ('none' when sent as is), counted. */
  encodings: Record<string, number>;
  seconds: number;
  /** Body bytes received, as sent (compressed or not). */
  bytes: number;
}

async function load(options: FeedLoadOptions): Promise<FeedLoadSample> {
  const url = new URL(options.url);
  const agent = keepAliveAgent(options.connections);
  const headers: Record<string, string> = { origin: options.origin };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.acceptEncoding) headers['accept-encoding'] = options.acceptEncoding;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const encodings: Record<string, number> = {};
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
        const encoding = String(answer.headers['content-encoding'] ?? 'none');
        encodings[encoding] = (encodings[encoding] ?? 0) + 1;
        bytes += answer.bytes;
      } catch {
        if (begun >= warmEnd) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  agent.destroy();
  return { latencies, errors, statuses, encodings, seconds: options.seconds, bytes };
}

const argument = process.argv[2];
if (argument) {
  const sample = await load(JSON.parse(argument) as FeedLoadOptions);
  // Latencies to 0.01 ms: one line of JSON, tens of thousands of numbers.
  sample.latencies = sample.latencies.map((ms) => Math.round(ms * 100) / 100);
  process.stdout.write(`${JSON.stringify(sample)}\n`);
}

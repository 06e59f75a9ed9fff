import { performance } from 'node:perf_hooks';
import { sessionToken, type TokenKeys } from '@popstage/testkit/shop';
import { percentile } from '../report';
import { keepAliveAgent, send } from '../storefront/http';

/**
 * The load generator of the Insights bench, its own process (node --import tsx
 * bench/insights/load.ts '<json options>') so its work is not the measured server's: for each
 * path in turn, `connections` keep-alive clients call it back to back (closed loop) for `seconds`
 * after a warm-up, each with a session token of the shop as App Bridge would send (renewed every
 * 30 s); prints one JSON line of figures per path. Only 200 answers are timed; the others are
 * counted as refused.
 */

export interface InsightsLoadOptions {
  baseUrl: string;
  shop: string;
  keys: TokenKeys;
  paths: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface InsightsLoadFigures {
  path: string;
  /** Answers (200) timed. */
  requests: number;
  /** Answers with any other status (429 and the rest), not timed. */
  refused: number;
  errors: number;
  statuses: Record<string, number>;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function loadPath(options: InsightsLoadOptions, path: string): Promise<InsightsLoadFigures> {
  const agent = keepAliveAgent(options.connections);
  const url = new URL(path, options.baseUrl);
  let token = await sessionToken(options.keys, options.shop);
  const renew = setInterval(async () => {
    token = await sessionToken(options.keys, options.shop);
  }, 30_000);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let refused = 0;
  const warmEnd = performance.now() + options.warmupSeconds * 1000;
  const end = warmEnd + options.seconds * 1000;
  const client = async () => {
    for (;;) {
      const begun = performance.now();
      if (begun >= end) return;
      try {
        const answer = await send(agent, url, { headers: { authorization: `Bearer ${token}` } });
        if (begun < warmEnd) continue;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        // Only answers are timed: a fast 429 is not a fast dashboard.
        if (answer.status === 200) latencies.push(performance.now() - begun);
        else refused += 1;
      } catch {
        if (begun >= warmEnd) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  clearInterval(renew);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    path,
    requests: latencies.length,
    refused,
    errors,
    statuses,
    requestsPerSecond: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
  };
}

const argument = process.argv[2];
if (argument) {
  const options = JSON.parse(argument) as InsightsLoadOptions;
  for (const path of options.paths) {
    console.log(JSON.stringify(await loadPath(options, path)));
  }
}

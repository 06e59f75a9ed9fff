import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StartedApp, startApp } from '@popstage/testkit/app';
import { launchChromium } from '@popstage/testkit/browser';
import { PRODUCTION_FLAGS } from './production-flags';
import { machineLoad, reportAtLeast, reportCompared, reportFigure } from './report';
import { feedBench } from './storefront/feed';
import { ingestBench, printIngest, rollupLag, storedIngest } from './storefront/ingest';
import { productPageBench } from './storefront/page-load';
import { createBenchDatabase, describePostgres, dropBenchDatabase } from './storefront/postgres';
import { prepareBenchShop } from './storefront/shop';
import { widgetSize } from './storefront/widget-size';

/**
 * The storefront (issues 7 and 21): a product page's LCP, CLS and TBT with and without the
 * widget; the bytes the browser transfers for that page by resource type, with compression and
 * without (the widget's against its 12 KB budget); events ingest throughput through the real
 * endpoint on PGlite and on PostgreSQL; p99 of the clip feed under load from a second process,
 * compressed and not. Parts in bench/storefront/.
 */

/** Ingest on PostgreSQL (issue 29): at least 25,000 events/s, batched, on 2 cores. */
const INGEST_TARGET_PER_SECOND = 25_000;
const INGEST_EVENTS_PG = Number(process.env.INGEST_EVENTS ?? 100_000);
const INGEST_EVENTS_PGLITE = 20_000;
const INGEST_CONCURRENCY = 16;
/** The per-IP limit would stop a load test from one address: raised for the bench only. */
const RATE_LIMIT = '100000000';
/**
 * `npm run bench -- storefront feed` runs only the feed part (shop, then feed load on PGlite and
 * PostgreSQL); without it every part runs.
 */
const FEED_ONLY = process.argv[3] === 'feed';
/** `npm run bench -- storefront ingest`: only the PostgreSQL ingest (shop, ingest, rollup lag). */
const INGEST_ONLY = process.argv[3] === 'ingest';

/**
 * The PostgreSQL server runs with production's V8 flags; BENCH_SERVER_CPU_PROF=<dir> also writes
 * its CPU profile there when it stops (what limits the ingest: docs/decisions.md, issue 29).
 */
const SERVER_FLAGS = [
  ...PRODUCTION_FLAGS,
  ...(process.env.BENCH_SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
    : []),
];

async function withApp<T>(
  env: Record<string, string>,
  work: (app: StartedApp) => Promise<T>,
  nodeFlags: string[] = [],
) {
  // One address stands for every simulated shopper: its per-address caps are lifted too.
  const app = await startApp(
    {
      // Each simulated shopper comes from her own address (X-Forwarded-For), as on a storefront:
      // caps and their locks are per address and site.
      TRUST_PROXY: 'true',
      STOREFRONT_RATE_LIMIT: RATE_LIMIT,
      STOREFRONT_VIEWS_PER_ADDRESS: RATE_LIMIT,
      STOREFRONT_VIEWS_PER_SITE: RATE_LIMIT,
      STOREFRONT_LIKES_PER_ADDRESS: RATE_LIMIT,
      STOREFRONT_VISITORS_PER_ADDRESS: RATE_LIMIT,
      STOREFRONT_VISITORS_PER_SITE: RATE_LIMIT,
      ...env,
    },
    { nodeFlags },
  );
  try {
    return await work(app);
  } finally {
    await app.stop();
  }
}

/** Embedded default (PGlite): product page loads, feed load, ingest. */
async function onPglite(): Promise<void> {
  console.log('\n--- PGlite (embedded default), one server process');
  // Our own DATA_DIR, kept after the server stops: the stored events are counted from it.
  const dataDir = mkdtempSync(join(tmpdir(), 'popstage-bench-storefront-'));
  try {
    const ingest = await withApp({ DATA_DIR: dataDir }, async (app) => {
      console.log('preparing the shop (install, publish products, upload and process clips)...');
      const shop = await prepareBenchShop(app);
      if (FEED_ONLY) {
        await feedBench(app, shop, 'PGlite');
        return null;
      }
      const browser = await launchChromium();
      try {
        await productPageBench(app, browser, shop);
      } finally {
        await browser.close();
      }
      await feedBench(app, shop, 'PGlite');
      const result = await ingestBench(app, shop, {
        label: 'PGlite',
        events: INGEST_EVENTS_PGLITE,
        concurrency: INGEST_CONCURRENCY,
      });
      return { result, domain: shop.domain };
    });
    if (!ingest) return;
    const { result, domain } = ingest;
    // PGlite is one process's: the server is stopped before the bench opens its data directory.
    printIngest(result, await storedIngest({ dataDir }, domain, result.visitors));
    reportFigure(
      'ingest on PGlite',
      result.eventsPerSecond,
      '/s',
      `events/s; no target (issue 7 sets 5,000/s for PostgreSQL); ${result.acceptedPerSecond.toFixed(0)} accepted events/s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL (a fresh database): feed load and ingest. */
async function onPostgres(): Promise<void> {
  console.log('\n--- PostgreSQL, one server process (pool of 10)');
  const database = await createBenchDatabase();
  if (!database) {
    console.log('ingest and feed on PostgreSQL not measured');
    return;
  }
  try {
    console.log(`database ${database.name}: ${await describePostgres(database.url)}`);
    const ingest = await withApp(
      { DATABASE_URL: database.url },
      async (app) => {
        console.log('preparing the shop (install, publish products, upload and process clips)...');
        const shop = await prepareBenchShop(app);
        if (!INGEST_ONLY) await feedBench(app, shop, 'PostgreSQL');
        if (FEED_ONLY) return null;
        // The baseline of the same run: the same requests answered as a crawler's (the route's
        // work, nothing stored), just before.
        const baseline = await ingestBench(app, shop, {
          label: 'PostgreSQL baseline (as a crawler: nothing stored)',
          events: INGEST_EVENTS_PG,
          concurrency: INGEST_CONCURRENCY,
          crawler: true,
        });
        const load = machineLoad();
        const result = await ingestBench(app, shop, {
          label: 'PostgreSQL',
          events: INGEST_EVENTS_PG,
          concurrency: INGEST_CONCURRENCY,
        });
        // The workers of this process run the rollup job (every minute): how long until the
        // run's events are all in Insights.
        const lag = await rollupLag(database.url);
        return { result, baseline, domain: shop.domain, load, lag };
      },
      SERVER_FLAGS,
    );
    if (!ingest) return;
    const { result, baseline, domain, load, lag } = ingest;
    printIngest(result, await storedIngest({ url: database.url }, domain, result.visitors));
    reportAtLeast('ingest on PostgreSQL', result.eventsPerSecond, INGEST_TARGET_PER_SECOND, '/s');
    console.log(`    ${load} (at the start); ${machineLoad()} (at the end)`);
    reportCompared(
      'ingest vs its baseline',
      result.eventsPerSecond,
      baseline.eventsPerSecond,
      '/s',
      `answered as a crawler's, nothing stored (p50 ${baseline.p50.toFixed(0)} ms, p99 ${baseline.p99.toFixed(0)} ms; stored: p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms)`,
    );
    reportFigure(
      'rollup lag after the run',
      lag.drainedSeconds,
      's',
      `oldest mark ${lag.oldestSeconds.toFixed(1)} s old when the run ended; all rolled up ${lag.drainedSeconds.toFixed(1)} s later (the job runs every minute)${lag.drained ? '' : ': NOT DRAINED within 3 minutes'}`,
    );
  } finally {
    await dropBenchDatabase(database.name);
  }
}

export default async function storefront(): Promise<void> {
  if (!FEED_ONLY && !INGEST_ONLY) widgetSize();
  if (!INGEST_ONLY) await onPglite();
  await onPostgres();
}

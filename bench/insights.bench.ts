import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApp } from '@popstage/testkit/app';
import { shopApi } from '@popstage/testkit/shop';
import pg from 'pg';
import { addHourOfTraffic, generateHistory } from './insights/generate';
import type { InsightsLoadFigures, InsightsLoadOptions } from './insights/load';
import { report, reportFigure } from './report';
import { createBenchDatabase, describePostgres, dropBenchDatabase } from './storefront/postgres';

/**
 * Insights (issue 15): a shop with 5 million storefront events over 90 days and 20,000 orders on
 * PostgreSQL (written with COPY); the rollups built by the app from them; then every dashboard
 * call under 16 concurrent clients from a second process (p95 ≤ 150 ms each), and the rollup's
 * cost per hour of traffic. `npm run bench -- insights`; INSIGHTS_EVENTS / INSIGHTS_ORDERS scale
 * the shop down for a quick run (the targets hold for the full size only).
 */

const SHOP = 'demo-store.myshopify.com';
const EVENTS = Number(process.env.INSIGHTS_EVENTS ?? 5_000_000);
const ORDERS = Number(process.env.INSIGHTS_ORDERS ?? 20_000);
const DAYS = 90;
const CLIPS = 60;
const P95_TARGET_MS = 150;
const CONNECTIONS = 16;

function runLoad(options: InsightsLoadOptions): Promise<InsightsLoadFigures[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'insights', 'load.ts'),
        JSON.stringify(options),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`insights load exited with ${code}`));
      resolve(
        out
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as InsightsLoadFigures),
      );
    });
  });
}

export default async function insightsBench(): Promise<void> {
  const database = await createBenchDatabase();
  if (!database) {
    console.log('insights bench skipped: it needs PostgreSQL (BENCH_DATABASE_URL)');
    return;
  }
  // No workers: the bench times the rollup itself (a dashboard call takes in what is pending).
  const app = await startApp({ DATABASE_URL: database.url, JOBS_ENABLED: 'false' });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    console.log(`PostgreSQL: ${await describePostgres(database.url)}`);
    const call = shopApi(app, SHOP);
    await call('GET', '/api/shopify/shop');
    const dashboard = (path: string) => call<unknown>('GET', path);
    const q = `shop_id=${SHOP}`;
    // The first call stores the shop's time zone.
    await dashboard(`/dashboard/popclips-summary?${q}`);
    const [shop] = (
      await client.query<{ id: string }>('select id from shops where shopify_domain = $1', [SHOP])
    ).rows;
    if (!shop) throw new Error('the shop was not installed');

    const now = new Date();
    let begun = performance.now();
    const history = await generateHistory(client, {
      shopId: shop.id,
      events: EVENTS,
      orders: ORDERS,
      days: DAYS,
      clips: CLIPS,
      now,
    });
    const copySeconds = (performance.now() - begun) / 1000;
    reportFigure(
      'COPY events + orders',
      copySeconds,
      's',
      `${history.events.toLocaleString('en-US')} events, ${history.orders.toLocaleString('en-US')} orders, ${history.attributedLines.toLocaleString('en-US')} credited lines`,
    );

    // Every hour with events or orders waits for the rollup, as after the migration.
    await client.query(
      `insert into analytics_dirty_hours (shop_id, hour)
       select distinct shop_id, date_trunc('hour', occurred_at, 'UTC') from storefront_events where shop_id = $1
       union select distinct shop_id, date_trunc('hour', ordered_at, 'UTC') from storefront_orders where shop_id = $1
       on conflict do nothing`,
      [shop.id],
    );
    begun = performance.now();
    await dashboard(`/dashboard/popclips-summary?${q}`);
    const backfillMs = performance.now() - begun;
    reportFigure(
      'rollup of the whole history',
      backfillMs / 1000,
      's',
      `${history.hours} hours: ${(backfillMs / history.hours).toFixed(1)} ms per hour of history`,
    );

    // The steady state: an hour of traffic at the shop's average rate, rolled up by the next call.
    const perHour = Math.round(EVENTS / (DAYS * 24));
    const baseline: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await dashboard(`/dashboard/popclips-summary?${q}`);
      baseline.push(performance.now() - t0);
    }
    const withHour: number[] = [];
    for (let i = 0; i < 5; i++) {
      const hour = new Date(
        Math.floor(now.getTime() / 3_600_000) * 3_600_000 - (i + 2) * 3_600_000,
      );
      await addHourOfTraffic(client, shop.id, hour, perHour, history.clipIds, 100 + i);
      await client.query(
        'insert into analytics_dirty_hours (shop_id, hour) values ($1, $2) on conflict do nothing',
        [shop.id, hour.toISOString()],
      );
      const t0 = performance.now();
      await dashboard(`/dashboard/popclips-summary?${q}`);
      withHour.push(performance.now() - t0);
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    reportFigure(
      'rollup cost per hour of traffic',
      median(withHour) - median(baseline),
      'ms',
      `${perHour.toLocaleString('en-US')} events an hour; median call ${median(withHour).toFixed(0)} ms with the hour, ${median(baseline).toFixed(0)} ms without`,
    );

    const to = new Date(now).toISOString().slice(0, 10);
    const paths = [
      `/dashboard/popclips-summary?${q}`,
      `/dashboard/popclips-summary?${q}&compare=true&window=30`,
      `/dashboard/popclips-weekly?${q}`,
      `/dashboard/popclips-monthly?${q}&from=2020-01-01&to=${to}`.replace(
        '2020-01-01',
        new Date(now.getTime() - 89 * 86_400_000).toISOString().slice(0, 10),
      ),
      `/dashboard/popclips-daily?${q}`,
      `/dashboard/popclips-stats?${q}&limit=5`,
      `/dashboard/popclips-stats?${q}&limit=5&searchValue=look%201&compare=true`,
      `/dashboard/carousels-stats?${q}&limit=5`,
      `/dashboard/popclips/${history.clipIds[0]}?${q}`,
    ];
    const figures = await runLoad({
      baseUrl: app.baseUrl,
      shop: SHOP,
      keys: app.keys,
      paths,
      connections: CONNECTIONS,
      seconds: 6,
      warmupSeconds: 1,
    });
    for (const figure of figures) {
      const name = figure.path.replace(`?${q}`, '').replace(`&`, ' ').slice(0, 60);
      const ok = figure.errors === 0 && Object.keys(figure.statuses).every((s) => s === '200');
      report(`p95 ${name}`, figure.p95, P95_TARGET_MS, 'ms');
      console.log(
        `    ${figure.requestsPerSecond.toFixed(0)} requests/s, p50 ${figure.p50.toFixed(0)} ms, p99 ${figure.p99.toFixed(0)} ms${ok ? '' : `, statuses ${JSON.stringify(figure.statuses)}, errors ${figure.errors}`}`,
      );
    }
  } finally {
    await client.end().catch(() => {});
    await app.stop();
    await dropBenchDatabase(database.name);
  }
}

import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { SHOPPER_USER_AGENT } from '@popstage/shopify-sandbox/testing';
import type { StartedApp } from '@popstage/testkit/app';
import pg from 'pg';
import { ShopClient } from '../media-api';
import { percentile } from '../report';
import { keepAliveAgent, send } from './http';
import type { BenchShop } from './shop';

/**
 * Storefront events through the real endpoint (POST /storefront/v1/shops/{shop}/events) as many
 * widgets would send them: batches of 50 (impressions, views of each clip, clicks), one visitor
 * per batch pair (a first visit, then a return within the 30-minute dedupe window whose views
 * are deduped by the database), `concurrency` requests in flight on keep-alive connections.
 */

export const BATCH = 50;
const PROGRESS_MS = 2_000;

export interface IngestResult {
  label: string;
  batches: number;
  sent: number;
  accepted: number;
  deduped: number;
  rejected: number;
  /** The visitors the app issued for the run (their events are the run's). */
  visitors: string[];
  /** Answers other than 202 (each loses its whole batch). */
  failed: Map<number, number>;
  seconds: number;
  /** Events answered 202 per second (accepted + deduped + rejected). */
  eventsPerSecond: number;
  acceptedPerSecond: number;
  /** Batch latency (request start → full answer), ms. */
  p50: number;
  p99: number;
  /** Views counted in the admin's views API after the run, less before. */
  viewsAdded: number;
  /** Views the batches would count with no concurrency (each visitor's first visit). */
  expectedViews: number;
}

interface EventBody {
  type: 'impression' | 'view' | 'click';
  clipId: string;
  productId?: string;
  at: string;
}

/** The batch of one visit: a view of each clip, impressions of each, clicks on its products. */
function visitEvents(shop: BenchShop, now: number): EventBody[] {
  const events: EventBody[] = [];
  const at = () => new Date(now - Math.floor(Math.random() * 60_000)).toISOString();
  const { clips } = shop;
  for (const clip of clips) events.push({ type: 'view', clipId: clip.id, at: at() });
  for (let i = 0; events.length < BATCH - 8; i++) {
    const clip = clips[i % clips.length];
    if (clip) events.push({ type: 'impression', clipId: clip.id, at: at() });
  }
  for (let i = 0; events.length < BATCH; i++) {
    const clip = clips[i % clips.length];
    if (clip) events.push({ type: 'click', clipId: clip.id, productId: clip.productId, at: at() });
  }
  return events;
}

async function totalViews(client: ShopClient, shop: BenchShop): Promise<number> {
  const { data } = await client.call<{ data: { clip_total_views: number }[] }>(
    'POST',
    '/api/popclips/views/fetch',
    { customer_id: shop.domain, clip_ids: shop.clips.map((clip) => clip.id) },
  );
  return data.reduce((sum, row) => sum + row.clip_total_views, 0);
}

/**
 * The baseline's user agent: a crawler's, which the app answers after the same route work (shop,
 * signed visitor, body checks) as a shopper's batch, with every event rejected and nothing
 * stored. What the storing costs is the difference.
 */
const CRAWLER_USER_AGENT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

export async function ingestBench(
  app: StartedApp,
  shop: BenchShop,
  options: {
    label: string;
    events: number;
    concurrency: number;
    /** Sent as a crawler's (the baseline: nothing stored); its visitors are issued anyway. */
    crawler?: boolean;
  },
): Promise<IngestResult> {
  const batches = Math.ceil(options.events / BATCH / 2) * 2;
  const visitors = batches / 2;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const signed = await issueVisitors(app, shop, visitors);
  // Bodies are built before the clock starts: the figure is the server's, not JSON.stringify's.
  const now = Date.now();
  const bodies = Array.from({ length: batches }, (_, index) => {
    const visitor = index % visitors;
    const visit = index < visitors ? 1 : 2;
    return JSON.stringify({
      visitorId: signed[visitor],
      sessionId: `${run}-${visitor}-${visit}`,
      events: visitEvents(shop, now),
    });
  });
  const sent = batches * BATCH;
  console.log(
    `ingest on ${options.label}: ${sent} events in ${batches} batches of ${BATCH} (${visitors} visitors × 2 visits, ${shop.clips.length} clips), ${options.concurrency} in flight`,
  );
  const client = new ShopClient(app, shop.domain);
  const viewsBefore = await totalViews(client, shop);
  const url = new URL(`${app.baseUrl}/storefront/v1/shops/${shop.domain}/events`);
  const agent = keepAliveAgent(options.concurrency);
  const latencies: number[] = [];
  const failed = new Map<number, number>();
  let accepted = 0;
  let deduped = 0;
  let rejected = 0;
  let answered = 0;
  let next = 0;
  const started = performance.now();
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${answered * BATCH} / ${sent} events answered, ${((answered * BATCH) / seconds).toFixed(0)} events/s`,
    );
  }, PROGRESS_MS);
  const worker = async () => {
    for (let index = next++; index < batches; index = next++) {
      const begun = performance.now();
      const answer = await send(agent, url, {
        method: 'POST',
        // A shopper's browser: the app counts nothing from HTTP tools. Each visitor from her
        // own address (the app trusts X-Forwarded-For in this bench, as behind a proxy).
        headers: {
          'user-agent': options.crawler ? CRAWLER_USER_AGENT : SHOPPER_USER_AGENT,
          'x-forwarded-for': visitorAddress(index % visitors),
        },
        body: bodies[index] as string,
      });
      latencies.push(performance.now() - begun);
      answered += 1;
      if (answer.status !== 202) {
        failed.set(answer.status, (failed.get(answer.status) ?? 0) + 1);
        continue;
      }
      const counts = JSON.parse(answer.body) as {
        accepted: number;
        deduped: number;
        rejected: number;
      };
      accepted += counts.accepted;
      deduped += counts.deduped;
      rejected += counts.rejected;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    clearInterval(progress);
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const viewsAdded = (await totalViews(client, shop)) - viewsBefore;
  return {
    label: options.label,
    visitors: signed.map((id) => id.slice(0, id.lastIndexOf('.'))),
    batches,
    sent,
    accepted,
    deduped,
    rejected,
    failed,
    seconds,
    eventsPerSecond: (accepted + deduped + rejected) / seconds,
    acceptedPerSecond: accepted / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    viewsAdded,
    expectedViews: visitors * shop.clips.length,
  };
}

/** A private (RFC 1918) address per visitor: 65,536 visitors before one repeats a /16. */
function visitorAddress(visitor: number): string {
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
}

/**
 * How far Insights trails the ingest: the oldest dirty-hour mark's age when called, and the
 * seconds until the rollup job has taken every mark (at most 3 minutes).
 */
export async function rollupLag(
  url: string,
): Promise<{ oldestSeconds: number; drainedSeconds: number; drained: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pending = async () =>
      (
        await client.query<{ n: number; age: number | null }>(
          `select count(*)::int as n,
                  extract(epoch from now() - min(marked_at))::float8 as age
           from analytics_dirty_hours`,
        )
      ).rows[0];
    const first = await pending();
    const begun = performance.now();
    let left = first;
    while (Number(left?.n) > 0 && performance.now() - begun < 180_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      left = await pending();
    }
    return {
      oldestSeconds: Number(first?.age ?? 0),
      drainedSeconds: (performance.now() - begun) / 1000,
      drained: Number(left?.n) === 0,
    };
  } finally {
    await client.end();
  }
}

/** Visitor ids as widgets get them (POST …/visitors), before the clock starts. */
async function issueVisitors(app: StartedApp, shop: BenchShop, count: number): Promise<string[]> {
  const url = `${app.baseUrl}/storefront/v1/shops/${shop.domain}/visitors`;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { method: 'POST' });
    if (response.status !== 201) throw new Error(`visitors answered ${response.status}`);
    ids.push(((await response.json()) as { visitorId: string }).visitorId);
  }
  return ids;
}

/** Counts the bench's stored events (and views among them) of one shop, in SQL. */
const STORED_SQL = `select count(*)::int as events,
                           (count(*) filter (where e.type = 'view'))::int as views
                    from storefront_events e join shops s on s.id = e.shop_id
                    where s.shopify_domain = $1 and e.visitor_id = any($2)`;

/**
 * What the database holds of the bench's visitors: every stored event, and the views among them.
 * Read straight from the app's database: PostgreSQL at its URL, or the embedded PGlite in the
 * stopped server's DATA_DIR (<DATA_DIR>/pglite; PGlite is one process's at a time).
 */
export async function storedIngest(
  options: { url: string } | { dataDir: string },
  shopDomain: string,
  visitors: string[],
): Promise<{ events: number; views: number }> {
  const params = [shopDomain, visitors];
  let rows: { events: number; views: number }[];
  if ('url' in options) {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      rows = (await client.query<{ events: number; views: number }>(STORED_SQL, params)).rows;
    } finally {
      await client.end();
    }
  } else {
    const database = await PGlite.create(join(options.dataDir, 'pglite'));
    try {
      rows = (await database.query<{ events: number; views: number }>(STORED_SQL, params)).rows;
    } finally {
      await database.close();
    }
  }
  const [row] = rows;
  return { events: Number(row?.events ?? 0), views: Number(row?.views ?? 0) };
}

/** Prints the run and whether the answers, the database and the views API agree. */
export function printIngest(
  result: IngestResult,
  stored: { events: number; views: number },
): boolean {
  const failures = [...result.failed].map(([status, n]) => `${n}× ${status}`).join(', ');
  console.log(
    `  ${result.label}: ${result.sent} events sent in ${result.seconds.toFixed(1)} s: ${result.accepted} accepted, ${result.deduped} deduped, ${result.rejected} rejected${failures ? `, batches failed: ${failures}` : ''}; batch latency p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms`,
  );
  const consistent =
    stored.events === result.accepted &&
    stored.views === result.viewsAdded &&
    result.failed.size === 0 &&
    result.rejected === 0;
  console.log(
    `  stored: ${stored.events} events (answers accepted ${result.accepted}), ${stored.views} views (views API +${result.viewsAdded}, ${result.expectedViews} expected without races): ${consistent ? 'consistent' : 'INCONSISTENT'}`,
  );
  return consistent;
}

import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../db/client';
import type { AppDeps } from '../deps';

/**
 * Prometheus metrics (prom-client), one registry per process: request latency by route, job
 * queue depth and age by queue, job durations and failures, storefront ingest outcomes.
 * docs/operations.md lists the alerts worth setting on them.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'popstage_' });

const requestDuration = new Histogram({
  name: 'popstage_http_request_duration_seconds',
  help: 'HTTP request latency by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'popstage_job_duration_seconds',
  help: 'Background job run time by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 180, 600, 1800],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'popstage_job_failures_total',
  help: 'Background job runs that threw (each is retried until its retry limit)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const ingestEvents = new Counter({
  name: 'popstage_storefront_events_total',
  help: 'Storefront events by outcome: accepted, deduped (or over a cap), rejected',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** The queue state, read from pg-boss's table when scraped (any process sees every queue). */
function queueGauges(deps: Pick<AppDeps, 'database'>) {
  const depth = new Gauge({
    name: 'popstage_job_queue_depth',
    help: 'Jobs waiting (created or retry) and running (active) by queue',
    labelNames: ['queue', 'state'] as const,
    registers: [],
  });
  const age = new Gauge({
    name: 'popstage_job_queue_oldest_seconds',
    help: 'Age of the oldest waiting job by queue',
    labelNames: ['queue'] as const,
    registers: [],
  });
  return {
    depth,
    age,
    async refresh() {
      depth.reset();
      age.reset();
      const rows = await queryRows<{ name: string; state: string; n: number; oldest: number }>(
        deps.database.db,
        sql`select name, state::text as state, count(*)::int as n,
                   coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
            from pgboss.job where state in ('created', 'retry', 'active')
            group by name, state`,
      );
      const oldest = new Map<string, number>();
      for (const row of rows) {
        depth.set({ queue: row.name, state: row.state }, Number(row.n));
        if (row.state !== 'active') {
          oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, Number(row.oldest)));
        }
      }
      for (const [queue, seconds] of oldest) age.set({ queue }, seconds);
    },
  };
}

/**
 * Times every request by its route pattern (never the raw URL: ids and signatures would make a
 * series per request) and serves GET /metrics, behind METRICS_TOKEN (Bearer) when set; without
 * it only in sandbox mode.
 */
export async function installMetrics(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const token = deps.config.METRICS_TOKEN;
  if (!token && deps.config.PLATFORM !== 'sandbox') return;
  const gauges = queueGauges(deps);
  // The queue gauges are this app's (its database), so they live in a registry of its own.
  const queues = new Registry();
  queues.registerMetric(gauges.depth);
  queues.registerMetric(gauges.age);
  app.get('/metrics', async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).send({ error: 'Unauthorized', message: 'Metrics need the token' });
    }
    await gauges.refresh().catch(() => {});
    const body = `${await metricsRegistry.metrics()}\n${await queues.metrics()}`;
    return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(body);
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { openApiDocument, type RouteContract } from '@popstage/core/contract';
import { healthContract as contract, type Health } from '@popstage/core/health';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { checkQueue } from '../../jobs/queue';

/** GET /healthz: database and queue state; 503 (same body) when either is down. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  serveRoute(app, contract.health, async (_request, reply) => {
    const { database, queue, config } = app.deps;
    const [db, jobs] = await Promise.all([
      check(() => database.ping()),
      check(() => checkQueue(queue)),
    ]);
    const ok = db.ok && jobs.ok;
    const answer: Health = {
      status: ok ? 'ok' : 'unavailable',
      role: config.ROLE,
      database: { ...db, kind: database.kind },
      queue: jobs,
    };
    // The contract's schema covers the 200 answer; a 503 is sent as is.
    return ok ? answer : reply.code(503).send(answer);
  });
  if (app.deps.config.PLATFORM === 'sandbox') {
    serveRoute(app, contract.apiDocs, async () => apiDocument(app.routeList));
  }
}

/**
 * The OpenAPI document of the served routes; docs/api.md is written from it (npm run docs). Paths
 * are the served ones: a contract registered under a prefix (the storefront's) is listed with it.
 */
export function apiDocument(
  routes: readonly { method: string; url: string; contract?: RouteContract }[],
) {
  const contracts = routes.flatMap(({ method, url, contract }) =>
    contract
      ? [{ ...contract, method: method as RouteContract['method'], path: url as `/${string}` }]
      : [],
  );
  return openApiDocument(contracts, {
    title: 'Popstage',
    version: '1',
    description:
      'Every route of the Popstage server, generated from the contracts in packages/core.',
  });
}
async function check(probe: () => Promise<void>): Promise<{ ok: boolean; error?: string }> {
  try {
    await probe();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

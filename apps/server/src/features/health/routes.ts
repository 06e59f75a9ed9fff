import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkQueue } from '../../jobs/queue';

/** GET /healthz: database and queue state; 503 when either is down. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', async (_request, reply) => {
    const { database, queue, config } = app.deps;
    const [db, jobs] = await Promise.all([
      check(() => database.ping()),
      check(() => checkQueue(queue)),
    ]);
    const ok = db.ok && jobs.ok;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'unavailable',
      role: config.ROLE,
      database: { ...db, kind: database.kind },
      queue: jobs,
    });
  });
};

async function check(probe: () => Promise<void>): Promise<{ ok: boolean; error?: string }> {
  try {
    await probe();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

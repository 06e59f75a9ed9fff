import type { FastifyInstance } from 'fastify';

/**
 * JSON answers are per shop and per moment: no browser or proxy cache may keep them unless the
 * route says otherwise (the storefront feed sets its own public max-age).
 */
export function installNoStoreForJson(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

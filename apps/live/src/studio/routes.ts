import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { studioScript } from './bundle';
import { studioPage } from './page';

/** The studio page (no secret in it: the token is in the fragment) and its script. */
export async function studioPageRoutes(app: FastifyInstance) {
  app.get(
    '/studio/:sellerId',
    { schema: { params: z.object({ sellerId: z.string().min(1).max(100) }) } },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(studioPage()),
  );
  app.get('/studio-assets/studio.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await studioScript()),
  );
}

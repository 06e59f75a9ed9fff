import { ANALYTICS_STREAMS, analyticsIngestBodySchema } from '@popstage/core/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../http/errors';
import { ensureShop } from '../shop';
import { insertEvents, listEvents } from './event-store';

/** The data-lake ingest the admin sends to when no external data lake is configured. */
export const analyticsIngestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  for (const stream of ANALYTICS_STREAMS) {
    app.put(
      `/ingest/${stream}`,
      { schema: { body: analyticsIngestBodySchema } },
      async (request, reply) => {
        const events = 'events' in request.body ? request.body.events : [request.body];
        if (
          events.some((event) => event.shopId !== undefined && event.shopId !== request.shopDomain)
        ) {
          throw forbidden('Events may only be sent for your own shop');
        }
        const shop = await ensureShop(deps, request.shopDomain);
        const accepted = await insertEvents(deps.database.db, shop.id, stream, events);
        return reply.status(202).send({ accepted });
      },
    );
  }
};

export const analyticsQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/analytics/app-events',
    {
      schema: {
        querystring: z.object({
          stream: z.enum(ANALYTICS_STREAMS).optional(),
          category: z.string().max(100).optional(),
          action: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      const shop = await ensureShop(deps, request.shopDomain);
      return { data: await listEvents(deps.database.db, shop.id, request.query) };
    },
  );
};

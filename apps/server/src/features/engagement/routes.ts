import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fetchLikes, fetchViews } from './service';

const clipIds = z.array(z.string().trim().min(1).max(128)).max(500);

/** Admin: views and likes of clips (spec 02 §7). customer_id must be the session's shop. */
export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/popclips/views/fetch',
    { schema: { body: z.object({ customer_id: z.string().min(1), clip_ids: clipIds }) } },
    async (request) => fetchViews(deps, request.shopDomain, request.body),
  );
  app.post(
    '/popclips/likes/fetch',
    {
      schema: {
        body: z.object({
          customer_id: z.string().min(1),
          clip_ids: clipIds,
          user_id: z.string().max(256).optional(),
        }),
      },
    },
    async (request) => fetchLikes(deps, request.shopDomain, request.body),
  );
};

import {
  carouselCreateSchema,
  carouselCustomerQuerySchema,
  carouselPublishSchema,
  carouselUpdateSchema,
} from '@popstage/core/popclips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  carouselEmbed,
  createCarousel,
  editCarousel,
  getCarousel,
  listShopCarousels,
  publishCarousel,
  removeCarousel,
} from './service';

const params = z.object({ carousel_id: z.string().trim().min(1).max(255) });

/** Carousel calls (spec 02 §7) under /api/popclips/carousels. The tenant is request.shopDomain. */
export const carouselRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/popclips/carousels',
    { schema: { querystring: carouselCustomerQuerySchema } },
    async (request) => listShopCarousels(deps, request.shopDomain, request.query.customerId),
  );

  app.get('/popclips/carousels/:carousel_id', { schema: { params } }, async (request) =>
    getCarousel(deps, request.shopDomain, request.params.carousel_id),
  );

  app.post(
    '/popclips/carousels',
    { schema: { body: carouselCreateSchema } },
    async (request, reply) =>
      reply.code(201).send(await createCarousel(deps, request.shopDomain, request.body)),
  );

  app.put('/popclips/carousels', { schema: { body: carouselUpdateSchema } }, async (request) =>
    editCarousel(deps, request.shopDomain, request.body),
  );

  app.post(
    '/popclips/carousels/:carousel_id/publish',
    { schema: { params, body: carouselPublishSchema } },
    async (request) =>
      publishCarousel(deps, request.shopDomain, request.params.carousel_id, request.body),
  );

  app.get('/popclips/carousels/:carousel_id/embed', { schema: { params } }, async (request) =>
    carouselEmbed(deps, request.shopDomain, request.params.carousel_id),
  );

  app.delete(
    '/popclips/carousels/:carousel_id',
    { schema: { params, querystring: carouselCustomerQuerySchema } },
    async (request) =>
      removeCarousel(
        deps,
        request.shopDomain,
        request.params.carousel_id,
        request.query.customerId,
      ),
  );
};

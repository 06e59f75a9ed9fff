import {
  catalogueCollectionsQuerySchema,
  catalogueProductsByIdsQuerySchema,
  catalogueProductsQuerySchema,
} from '@popstage/core/popclips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectionProducts, productsByIds, searchCollections, searchProducts } from './service';

/** The store's catalogue for product tagging and collection carousels (spec 02 §2, 03 §7). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/catalogue/products',
    { schema: { querystring: catalogueProductsQuerySchema } },
    async (request) => searchProducts(deps, request.shopDomain, request.query),
  );

  app.get(
    '/catalogue/products/by-ids',
    { schema: { querystring: catalogueProductsByIdsQuerySchema } },
    async (request) => productsByIds(deps, request.shopDomain, request.query.ids),
  );

  app.get(
    '/catalogue/collections',
    { schema: { querystring: catalogueCollectionsQuerySchema } },
    async (request) => searchCollections(deps, request.shopDomain, request.query),
  );

  app.get(
    '/catalogue/collections/:collectionId/products',
    {
      schema: {
        params: z.object({
          collectionId: z
            .string()
            .regex(/^gid:\/\/shopify\/Collection\/\d+$/, 'Invalid collection id'),
        }),
        querystring: z.object({ first: z.coerce.number().int().min(1).max(20).default(5) }),
      },
    },
    async (request) =>
      collectionProducts(
        deps,
        request.shopDomain,
        request.params.collectionId,
        request.query.first,
      ),
  );
};

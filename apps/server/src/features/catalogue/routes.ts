import {
  catalogueCollectionsQuerySchema,
  catalogueProductsByIdsQuerySchema,
  catalogueProductsQuerySchema,
} from '@popstage/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productsByIds, searchCollections, searchProducts } from './service';

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
};

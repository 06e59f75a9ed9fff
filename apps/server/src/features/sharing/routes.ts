import { shareGatingQuerySchema, shareLinkBodySchema } from '@popstage/core/popclips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateShareLink, shareGating } from './service';

/** Share metadata and links (spec 02 §7 share-gating). The tenant is request.shopDomain. */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/shopify/shop/popclips/share-gating',
    { schema: { querystring: shareGatingQuerySchema } },
    async (request) => shareGating(deps, request.shopDomain, request.query.metaIdentifier),
  );

  app.post(
    '/shopify/shop/popclips/share-gating',
    { schema: { body: shareLinkBodySchema } },
    async (request, reply) => {
      const { created, body } = await generateShareLink(
        deps,
        request.shopDomain,
        request.body.metaIdentifier,
      );
      return reply.code(created ? 201 : 200).send(body);
    },
  );
};

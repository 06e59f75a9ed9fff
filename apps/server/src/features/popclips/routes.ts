import {
  csDeleteMediaSchema,
  csImportSchema,
  csUpdateMediaSchema,
  csUploadCompleteSchema,
  csUploadSchema,
  featuredPopclipBodySchema,
  listMediaByIdSchema,
  listMediaByTypeAndMetaIdSchema,
} from '@popstage/core/popclips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importClip } from './import';
import {
  completeUpload,
  createUpload,
  deleteMedia,
  listMedia,
  listMediaByMetaIds,
  setFeatured,
  updateMedia,
} from './service';

/**
 * The media gallery calls (spec 02 §7) under /api/media, plus csUploadComplete and csImport
 * (ours), and the featured clip. The tenant is always request.shopDomain.
 */
export const popclipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/media/listMediabyID', { schema: { body: listMediaByIdSchema } }, async (request) =>
    listMedia(deps, request.shopDomain, request.body),
  );

  app.post(
    '/media/listMediabyTypeAndMetaId',
    { schema: { body: listMediaByTypeAndMetaIdSchema } },
    async (request) => listMediaByMetaIds(deps, request.shopDomain, request.body),
  );

  app.post('/media/csUpload', { schema: { body: csUploadSchema } }, async (request, reply) =>
    reply.code(201).send(await createUpload(deps, request.shopDomain, request.body)),
  );

  app.post(
    '/media/csUploadComplete',
    { schema: { body: csUploadCompleteSchema } },
    async (request) => completeUpload(deps, request.shopDomain, request.body.metaIdentifier),
  );

  app.post('/media/csImport', { schema: { body: csImportSchema } }, async (request, reply) =>
    reply.code(201).send(await importClip(deps, request.shopDomain, request.body)),
  );

  app.post('/media/csUpdateMedia', { schema: { body: csUpdateMediaSchema } }, async (request) =>
    updateMedia(deps, request.shopDomain, request.body),
  );

  app.post('/media/csDeleteMedia', { schema: { body: csDeleteMediaSchema } }, async (request) =>
    deleteMedia(deps, request.shopDomain, request.body),
  );

  app.post(
    '/shopify/shop/featured-popclip',
    { schema: { body: featuredPopclipBodySchema } },
    async (request) => setFeatured(deps, request.shopDomain, request.body.popclip_id),
  );
};

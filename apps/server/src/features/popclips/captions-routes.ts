import { captionsContract as contract } from '@popstage/core/captions';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { listCaptions, putCaption, removeCaption } from './captions';

/** A clip's captions (issue 19): the clip form's captions section. The tenant is request.tenant. */
export async function captionRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.list, async ({ tenant, params }) => ({
    data: await listCaptions(deps, tenant, params.metaIdentifier),
  }));

  serveRoute(app, contract.put, async ({ tenant, params, body }) => ({
    data: await putCaption(deps, tenant, params.metaIdentifier, params.language, body),
  }));

  serveRoute(app, contract.remove, async ({ tenant, params }) => ({
    data: await removeCaption(deps, tenant, params.metaIdentifier, params.language),
  }));
}

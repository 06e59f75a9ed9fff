import { sharingContract as contract } from '@popstage/core/sharing';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { generateShareLink, shareGating } from './service';
import { toShareGatingResponse } from './wire';

/** Share metadata and links (spec 02 §7 share-gating). The tenant is request.tenant. */
export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.gating, async ({ tenant, query }) => {
    const status = await shareGating(deps, tenant, query.metaIdentifier);
    return { data: toShareGatingResponse(deps.config, tenant.plan.popclipsLevel, status) };
  });

  serveRoute(app, contract.share, async ({ tenant, body }, reply) => {
    const status = await generateShareLink(deps, tenant, body.metaIdentifier);
    const answer = {
      data: toShareGatingResponse(deps.config, tenant.plan.popclipsLevel, status),
    };
    if (status.created) return answer;
    // A repeat answers the same link with 200 (the contract's schema is the 201 one).
    return reply.code(200).send(contract.share.response.parse(answer));
  });
}

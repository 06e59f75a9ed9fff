import { helpContract as contract, helpCenterContract } from '@popstage/core/help';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { helpCenterTree, readHelpArticle, searchHelpArticles } from './help-center-service';
import { sendSupportRequest, supportRequests, supportWidgetToken } from './service';
import { toSupportRequestWire } from './wire';

/** The help center, and the support widget: its user token (Zendesk) and the sandbox's form. */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.zendeskToken, async ({ tenant }) => ({
    data: { zendeskToken: { jwt: await supportWidgetToken(deps, tenant) } },
  }));

  serveRoute(app, contract.supportRequests, async ({ tenant }) => ({
    data: (await supportRequests(deps, tenant)).map(toSupportRequestWire),
  }));

  serveRoute(app, contract.sendSupportRequest, async ({ tenant, body }) => ({
    data: toSupportRequestWire(await sendSupportRequest(deps, tenant, body)),
  }));

  serveRoute(app, helpCenterContract.tree, async ({ tenant }) => ({
    data: await helpCenterTree(deps, tenant),
  }));

  serveRoute(app, helpCenterContract.search, async ({ tenant, query }) => ({
    data: await searchHelpArticles(deps, tenant, query.query),
  }));

  serveRoute(app, helpCenterContract.article, async ({ tenant, params }) => ({
    data: await readHelpArticle(deps, tenant, params.articleId),
  }));
}

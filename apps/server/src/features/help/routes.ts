import { helpContract as contract } from '@popstage/core/help';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { sendSupportRequest, supportRequests, supportWidgetToken } from './service';
import { toSupportRequestWire } from './wire';

/** The support widget: its user token (Zendesk) and the sandbox's request form. */
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
}

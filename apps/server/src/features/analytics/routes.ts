import { analyticsContract as contract } from '@popstage/core/analytics';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { assertOwnShop, clipLikes, clipViews, listAppEvents, recordAppEvents } from './service';
import { toClipLikes, toClipViews, toStoredAppEvent } from './wire';

/**
 * Analytics calls of the admin (session token; the tenant is request.tenant) from core's analytics
 * contract: the app-events ingest and its query (spec 03 §7), views and likes of clips (spec 02 §7).
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.appEvents, async ({ tenant, query }) => ({
    data: (await listAppEvents(deps, tenant, query)).map(toStoredAppEvent),
  }));

  serveRoute(app, contract.ingestAppEvents, async ({ tenant, body }) => ({
    accepted: await recordAppEvents(deps, tenant, 'appevents', body),
  }));

  serveRoute(app, contract.ingestProductAnalytics, async ({ tenant, body }) => ({
    accepted: await recordAppEvents(deps, tenant, 'productanalytics', body),
  }));

  serveRoute(app, contract.clipViews, async ({ tenant, body }) => {
    assertOwnShop(tenant, body.customer_id);
    const ids = [...new Set(body.clip_ids)];
    return { data: toClipViews(ids, await clipViews(deps, tenant, ids)) };
  });

  serveRoute(app, contract.clipLikes, async ({ tenant, body }) => {
    assertOwnShop(tenant, body.customer_id);
    const ids = [...new Set(body.clip_ids)];
    return { data: toClipLikes(ids, await clipLikes(deps, tenant, ids)) };
  });
}

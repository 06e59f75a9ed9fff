import { analyticsContract as contract } from '@popstage/core/analytics';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { holdoutAnswer, setHoldout } from './holdout';
import {
  carouselStats,
  daily,
  insightsContext,
  monthly,
  popclipDetail,
  popclipStats,
  summary,
  weekly,
} from './insights';
import { signReportUrl } from './report';
import { assertOwnShop, clipLikes, clipViews, listAppEvents, recordAppEvents } from './service';
import { toClipLikes, toClipViews, toStoredAppEvent } from './wire';

/**
 * Analytics calls of the admin (session token; the tenant is request.tenant) from core's analytics
 * contract: the app-events ingest and its query (spec 03 §7), views and likes of clips (spec 02 §7).
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  // Asked of Shopify on each Insights visit (one small query): approval can come at any time.
  serveRoute(app, contract.attributionAccess, async ({ tenant }) => ({
    ordersAccess: await deps.platform.canReadOrders(tenant.shop.shopifyDomain),
  }));

  serveRoute(app, contract.holdout, ({ tenant }) => holdoutAnswer(deps, tenant.shop));
  serveRoute(app, contract.setHoldout, ({ tenant, body }) =>
    setHoldout(deps, tenant.shop, body.percent),
  );

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

  // Insights (spec 02 §7 "Analytics service"): shop_id must be the session's shop (403).
  const one = <T>(item: T) => ({
    data: { items: [item], cursor: null, hasNextPage: false, hasPreviousPage: false },
  });
  const all = <T>(items: T[]) => ({
    data: { items, cursor: null, hasNextPage: false, hasPreviousPage: false },
  });

  serveRoute(app, contract.popclipsSummary, async ({ tenant, query }) =>
    one(await summary(deps, await insightsContext(deps, tenant, query))),
  );
  serveRoute(app, contract.popclipsWeekly, async ({ tenant, query }) =>
    all(await weekly(deps, await insightsContext(deps, tenant, query))),
  );
  serveRoute(app, contract.popclipsMonthly, async ({ tenant, query }) =>
    all(await monthly(deps, await insightsContext(deps, tenant, query))),
  );
  serveRoute(app, contract.popclipsDaily, async ({ tenant, query }) =>
    all(await daily(deps, await insightsContext(deps, tenant, query))),
  );
  serveRoute(app, contract.popclipsStats, async ({ tenant, query }) => ({
    data: await popclipStats(deps, await insightsContext(deps, tenant, query), query),
  }));
  serveRoute(app, contract.carouselsStats, async ({ tenant, query }) => ({
    data: await carouselStats(deps, await insightsContext(deps, tenant, query), query),
  }));
  serveRoute(app, contract.popclipDetail, async ({ tenant, query, params }) => ({
    data: await popclipDetail(deps, await insightsContext(deps, tenant, query), params.popclipId),
  }));

  // The looker_dashboard flag's embedded report: rendered by this app from the same numbers.
  serveRoute(app, contract.csReports, async ({ tenant, query }) => ({
    data: await signReportUrl(deps, tenant.shop, query.dashboardId),
  }));
}

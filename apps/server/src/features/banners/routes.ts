import { bannersContract, bannerRulesOperatorContract as staff } from '@popstage/core/banners';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import {
  createBannerRule,
  dismissPopup,
  listBannerRules,
  removeBannerRule,
  replaceBannerRule,
  shopPopups,
} from './service';
import { keepRawJsonBodies, requirePopupSignature } from './signature';

/** The merchant's promo banners (session token, plus the signed timestamp of spec 03 §7). */
export async function bannerRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  keepRawJsonBodies(app);
  app.addHook('preHandler', requirePopupSignature(deps.clock));

  serveRoute(app, bannersContract.shopPopups, async ({ tenant, query }) => ({
    data: await shopPopups(deps, tenant, query),
  }));

  serveRoute(app, bannersContract.dismiss, async ({ tenant, body }) => ({
    data: await dismissPopup(deps, tenant, body),
  }));
}

/** The staff API's banner rules; registered inside the operator routes (their credential). */
export function bannerRuleOperatorRoutes(app: FastifyInstance): void {
  const { deps } = app;
  serveRoute(app, staff.list, async () => ({ rules: await listBannerRules(deps) }));
  serveRoute(app, staff.create, async ({ body }) => ({ rule: await createBannerRule(deps, body) }));
  serveRoute(app, staff.update, async ({ params, body }) => ({
    rule: await replaceBannerRule(deps, params.ruleId, body),
  }));
  serveRoute(app, staff.remove, async ({ params }) => ({
    deleted: await removeBannerRule(deps, params.ruleId),
  }));
}

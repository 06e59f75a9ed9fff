import { bannerRulesOperatorContract as contract } from '@popstage/core/banners';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import {
  createBannerRule,
  listBannerRules,
  readBannerRule,
  removeBannerRule,
  replaceBannerRule,
} from '../banners';
import { audited, recordAudit } from './audit';

/** The staff API's promo banner rules; every change goes to the audit log as 'staff-api'. */
export function bannerRuleRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const read = (ruleId: string) => () => readBannerRule(deps, ruleId).catch(() => null);

  serveRoute(app, contract.list, async () => ({ rules: await listBannerRules(deps) }));

  serveRoute(app, contract.create, async ({ body }) => {
    const rule = await createBannerRule(deps, body);
    await recordAudit(deps, 'staff-api', {
      action: 'banner.create',
      target: rule.rule_id,
      before: null,
      after: rule,
    });
    return { rule };
  });

  serveRoute(app, contract.update, async ({ params, body }) => ({
    rule: await audited(
      deps,
      'staff-api',
      { action: 'banner.update', target: params.ruleId, read: read(params.ruleId) },
      () => replaceBannerRule(deps, params.ruleId, body),
    ),
  }));

  serveRoute(app, contract.remove, async ({ params }) => ({
    deleted: await audited(
      deps,
      'staff-api',
      { action: 'banner.delete', target: params.ruleId, read: read(params.ruleId) },
      () => removeBannerRule(deps, params.ruleId),
    ),
  }));
}

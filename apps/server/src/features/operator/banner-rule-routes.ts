import { bannerRulesOperatorContract as contract } from '@popstage/core/banners';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client';
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
  const read = (ruleId: string) => (tx: typeof deps) =>
    readBannerRule(tx, ruleId).catch(() => null);

  serveRoute(app, contract.list, async () => ({ rules: await listBannerRules(deps) }));

  // The rule and its entry in one transaction: no rule without its log line.
  serveRoute(app, contract.create, async ({ body }) => ({
    rule: await inTransaction(deps, async (tx) => {
      const rule = await createBannerRule(tx, body);
      await recordAudit(tx, 'staff-api', {
        action: 'banner.create',
        target: rule.rule_id,
        before: null,
        after: rule,
      });
      return rule;
    }),
  }));

  serveRoute(app, contract.update, async ({ params, body }) => ({
    rule: await audited(
      deps,
      'staff-api',
      { action: 'banner.update', target: params.ruleId, read: read(params.ruleId) },
      (tx) => replaceBannerRule(tx, params.ruleId, body),
    ),
  }));

  serveRoute(app, contract.remove, async ({ params }) => ({
    deleted: await audited(
      deps,
      'staff-api',
      { action: 'banner.delete', target: params.ruleId, read: read(params.ruleId) },
      (tx) => removeBannerRule(tx, params.ruleId),
    ),
  }));
}

import {
  type BannerRule,
  type BannerRuleInput,
  BANNER_MESSAGES as M,
  type PromoBanner,
} from '@popstage/core/banners';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import { sanitizeHtml } from '../../http/sanitize-html';
import type { Tenant } from '../../tenant';
import { shopBillingState } from '../billing';
import {
  activeRulesForShop,
  allBannerRules,
  deleteBannerRule,
  findBannerRule,
  insertBannerRule,
  recordDismissal,
  updateBannerRule,
} from './store';
import { ruleTargets } from './targeting';
import { fromBannerRuleInput, toBannerRule, toPromoBanner } from './wire';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'catalogue'>;

/** A shop id in a query or body must be the session's (architecture: tenancy). */
function requireOwnShop(tenant: Tenant, shopDomain: string): void {
  if (shopDomain !== tenant.shop.shopifyDomain) throw forbidden(M.otherShop);
}

/** The banners the shop sees on `page` (every page's when absent), newest change first. */
export async function shopPopups(
  deps: Deps,
  tenant: Tenant,
  query: { shopId: string; renderUrl?: string | undefined },
): Promise<PromoBanner[]> {
  requireOwnShop(tenant, query.shopId);
  const { enabledFeatures } = await shopBillingState(deps, tenant);
  const audience = { planLevel: tenant.plan.popclipsLevel, enabledFeatures, page: query.renderUrl };
  const rules = await activeRulesForShop(deps.database.db, tenant.shop.id);
  return rules.filter((r) => !r.dismissed && ruleTargets(r, audience)).map(toPromoBanner);
}

export async function dismissPopup(
  deps: Deps,
  tenant: Tenant,
  body: { shop_id: string; rule_id: string },
): Promise<{ rule_id: string; dismissed_at: string }> {
  requireOwnShop(tenant, body.shop_id);
  if (!(await findBannerRule(deps.database.db, body.rule_id))) throw notFound(M.ruleNotFound);
  const at = await recordDismissal(
    deps.database.db,
    tenant.shop.id,
    body.rule_id,
    deps.clock.now(),
  );
  return { rule_id: body.rule_id, dismissed_at: at.toISOString() };
}

// The staff side: the staff API and the operator console both come through here.

export async function listBannerRules(deps: Pick<AppDeps, 'database'>): Promise<BannerRule[]> {
  return (await allBannerRules(deps.database.db)).map(toBannerRule);
}

export async function readBannerRule(
  deps: Pick<AppDeps, 'database'>,
  ruleId: string,
): Promise<BannerRule> {
  const rule = (await listBannerRules(deps)).find((r) => r.rule_id === ruleId);
  if (!rule) throw notFound(M.ruleNotFound);
  return rule;
}

/** Staff HTML is sanitised when stored, so what is kept is what any reader may render. */
const clean = (input: BannerRuleInput): BannerRuleInput => ({
  ...input,
  render_html: sanitizeHtml(input.render_html),
});

export async function createBannerRule(deps: Deps, input: BannerRuleInput): Promise<BannerRule> {
  const now = deps.clock.now();
  const row = await insertBannerRule(deps.database.db, {
    ...fromBannerRuleInput(clean(input), now),
    createdAt: now,
  });
  return readBannerRule(deps, row.id);
}

export async function replaceBannerRule(
  deps: Deps,
  ruleId: string,
  input: BannerRuleInput,
): Promise<BannerRule> {
  const row = await updateBannerRule(
    deps.database.db,
    ruleId,
    fromBannerRuleInput(clean(input), deps.clock.now()),
  );
  if (!row) throw notFound(M.ruleNotFound);
  return readBannerRule(deps, row.id);
}

export function removeBannerRule(deps: Pick<AppDeps, 'database'>, ruleId: string) {
  return deleteBannerRule(deps.database.db, ruleId);
}

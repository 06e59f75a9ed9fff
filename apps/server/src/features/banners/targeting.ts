import type { PopclipsPlanLevel } from '@popstage/core/billing';
import type { FeatureId } from '@popstage/core/shop';
import type { BannerRuleRow } from './store';

export interface BannerAudience {
  planLevel: PopclipsPlanLevel;
  enabledFeatures: readonly FeatureId[];
  /** The page asking; undefined: every page's banners (the mobile screens ask per page too). */
  page: string | undefined;
}

/**
 * A rule shows to a shop when its plan is among the rule's plans (none named: every plan), the
 * shop has every feature the rule names, and the page matches the rule's render url: none is
 * every page, `/x` is that page, `/x/*` is that page and those below it.
 */
export function ruleTargets(
  rule: Pick<BannerRuleRow, 'targetPlans' | 'targetFeatures' | 'renderUrl'>,
  audience: BannerAudience,
): boolean {
  if (rule.targetPlans.length > 0 && !rule.targetPlans.includes(audience.planLevel)) return false;
  if (!rule.targetFeatures.every((f) => audience.enabledFeatures.includes(f as FeatureId))) {
    return false;
  }
  return pageMatches(rule.renderUrl, audience.page);
}

function pageMatches(renderUrl: string | null, page: string | undefined): boolean {
  if (!renderUrl || page === undefined) return true;
  const path = trimSlash(page.split(/[?#]/, 1)[0] ?? '/');
  if (renderUrl.endsWith('/*')) {
    const base = trimSlash(renderUrl.slice(0, -2) || '/');
    return path === base || path.startsWith(base === '/' ? '/' : `${base}/`);
  }
  return path === trimSlash(renderUrl);
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

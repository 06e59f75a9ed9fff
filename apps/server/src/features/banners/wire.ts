import type { BannerRule, BannerRuleInput, PromoBanner } from '@popstage/core/banners';
import type { FeatureId } from '@popstage/core/shop';
import type { BannerRuleRow } from './store';

type PlanLevel = BannerRule['target_plans'][number];

export function toPromoBanner(row: BannerRuleRow): PromoBanner {
  return {
    rule_id: row.id,
    rule_name: row.ruleName,
    is_active: row.isActive,
    heading_text: row.headingText,
    render_html: row.renderHtml,
    render_url: row.renderUrl,
    is_external_cta_link: row.isExternalCtaLink,
    extras: { cta_text: row.ctaText, cta_link: row.ctaLink },
  };
}

export function toBannerRule(row: BannerRuleRow & { dismissals: number }): BannerRule {
  return {
    ...toPromoBanner(row),
    target_plans: row.targetPlans as PlanLevel[],
    target_features: row.targetFeatures as FeatureId[],
    dismissals: row.dismissals,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The row of a staff input (its HTML already sanitised by the caller). */
export function fromBannerRuleInput(input: BannerRuleInput, now: Date) {
  return {
    ruleName: input.rule_name,
    isActive: input.is_active,
    headingText: input.heading_text,
    renderHtml: input.render_html,
    renderUrl: input.render_url || null,
    isExternalCtaLink: input.is_external_cta_link,
    ctaText: input.extras.cta_text,
    ctaLink: input.extras.cta_link,
    targetPlans: [...new Set(input.target_plans)],
    targetFeatures: [...new Set(input.target_features)],
    updatedAt: now,
  };
}

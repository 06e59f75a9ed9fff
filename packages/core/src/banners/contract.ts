import { z } from 'zod';
import { POPCLIPS_PLAN_LEVELS } from '../billing/plan-level';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import { isShopDomain } from '../shop/domain';
import { FEATURE_IDS } from '../shop/types';
import { isCtaLink } from './cta-link';

/**
 * Promo banners (spec 03 §2 "Promo banners", §3 "Promo banner rule", §7): rules written by
 * Popstage staff, shown to the shops they target in the page shell and on the mobile screens,
 * each dismissible once per shop. Field names are the spec's (snake_case, as the service had).
 */

export const BANNER_LIMITS = {
  ruleName: 100,
  headingText: 120,
  renderHtml: 10_000,
  renderUrl: 200,
  ctaText: 40,
  ctaLink: 500,
} as const;

export const BANNER_MESSAGES = {
  ruleNotFound: 'This banner does not exist.',
  otherShop: 'The shop does not match the session.',
  renderUrl: 'The page must be an app path such as /popclips/list, optionally ending in /*',
  ctaLink: 'The call-to-action link must be an https:// address or an app path',
  ctaPair: 'A call to action needs both its text and its link',
} as const;

/** A page of the app (`/popclips/list`), a page and everything below it (`/mobile/*`), or null for every page. */
const renderUrlSchema = z
  .string()
  .trim()
  .max(BANNER_LIMITS.renderUrl)
  .regex(/^\/[A-Za-z0-9\-._~/]*(\/\*)?$/, BANNER_MESSAGES.renderUrl)
  .nullable();

const ctaLinkSchema = z
  .string()
  .trim()
  .max(BANNER_LIMITS.ctaLink)
  .refine(isCtaLink, BANNER_MESSAGES.ctaLink);

/** What staff write (the operator console and the staff API). */
export const bannerRuleInputSchema = z
  .object({
    rule_name: z.string().trim().min(1, 'Name the rule').max(BANNER_LIMITS.ruleName),
    is_active: z.boolean(),
    heading_text: z.string().trim().max(BANNER_LIMITS.headingText),
    /** Sanitised by the server when stored (no scripts, no handlers). */
    render_html: z.string().max(BANNER_LIMITS.renderHtml),
    render_url: renderUrlSchema,
    is_external_cta_link: z.boolean(),
    extras: z.object({
      cta_text: z.string().trim().max(BANNER_LIMITS.ctaText),
      cta_link: ctaLinkSchema,
    }),
    /** Popclips plan levels the rule shows to; empty: every plan. */
    target_plans: z.array(z.enum(POPCLIPS_PLAN_LEVELS)).max(POPCLIPS_PLAN_LEVELS.length),
    /** Features the shop must have enabled, all of them; empty: no condition. */
    target_features: z.array(z.enum(FEATURE_IDS)).max(FEATURE_IDS.length),
  })
  .strict()
  .refine((rule) => (rule.extras.cta_text === '') === (rule.extras.cta_link === ''), {
    message: BANNER_MESSAGES.ctaPair,
    path: ['extras', 'cta_link'],
  });
export type BannerRuleInput = z.infer<typeof bannerRuleInputSchema>;

/** A banner as the admin receives it (spec 03 §3). */
const promoBannerSchema = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  is_active: z.boolean(),
  heading_text: z.string(),
  render_html: z.string(),
  render_url: z.string().nullable(),
  is_external_cta_link: z.boolean(),
  extras: z.object({ cta_text: z.string(), cta_link: z.string() }),
});
export type PromoBanner = z.infer<typeof promoBannerSchema>;

/** A rule as staff see it: the banner, its targeting and its figures. */
const bannerRuleSchema = promoBannerSchema.extend({
  target_plans: z.array(z.enum(POPCLIPS_PLAN_LEVELS)),
  target_features: z.array(z.enum(FEATURE_IDS)),
  dismissals: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BannerRule = z.infer<typeof bannerRuleSchema>;

const shopDomain = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const ruleId = z.uuid('Invalid rule id');

export const bannersContract = {
  shopPopups: defineRoute({
    method: 'GET',
    path: '/api/popclips/shop-popups',
    query: z.object({
      shopId: shopDomain,
      /** The page asking (spec 03 §2: banners are fetched per page by render url). */
      renderUrl: z.string().max(BANNER_LIMITS.renderUrl).regex(/^\//).optional(),
    }),
    response: dataAnswer(z.array(promoBannerSchema)),
    summary: "The active banners targeting the shop's plan, features and page, not yet dismissed",
  }),
  dismiss: defineRoute({
    method: 'PUT',
    path: '/api/popclips/shop-popups/dismiss',
    body: z.object({ shop_id: shopDomain, rule_id: ruleId }).strict(),
    response: dataAnswer(z.object({ rule_id: z.string(), dismissed_at: z.string() })),
    summary: 'Dismisses a banner for the shop, for good (idempotent)',
  }),
};

const ruleParams = z.object({ ruleId });
const ruleAnswer = z.object({ rule: bannerRuleSchema });

/** The staff side (/operator/api, the operator credential). */
export const bannerRulesOperatorContract = {
  list: defineRoute({
    method: 'GET',
    path: '/operator/api/banner-rules',
    response: z.object({ rules: z.array(bannerRuleSchema) }),
    summary: 'Every promo banner rule, newest first, with its dismissal count',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/operator/api/banner-rules',
    body: bannerRuleInputSchema,
    response: ruleAnswer,
    status: 201,
    summary: 'Creates a promo banner rule (its HTML sanitised)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/operator/api/banner-rules/:ruleId',
    params: ruleParams,
    body: bannerRuleInputSchema,
    response: ruleAnswer,
    summary: 'Replaces a promo banner rule (its HTML sanitised)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/operator/api/banner-rules/:ruleId',
    params: ruleParams,
    response: z.object({ deleted: z.boolean() }),
    summary: 'Deletes a promo banner rule and its dismissals',
  }),
};

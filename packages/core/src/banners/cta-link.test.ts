import { describe, expect, it } from 'vitest';
import { BANNER_MESSAGES, bannerRuleInputSchema } from './contract';

const rule = (ctaLink: string) => ({
  rule_name: 'Upgrade',
  is_active: true,
  heading_text: 'Upgrade',
  render_html: '',
  render_url: null,
  is_external_cta_link: false,
  extras: { cta_text: 'Go', cta_link: ctaLink },
  target_plans: [],
  target_features: [],
});
const refusal = (ctaLink: string) => {
  const parsed = bannerRuleInputSchema.safeParse(rule(ctaLink));
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('banner call-to-action links (issue 28)', () => {
  it('refuses paths a browser reads as another site', () => {
    for (const link of [
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/%09/evil.example\\x',
      'https://user:pass@evil.example',
      'http://evil.example',
      'javascript:alert(1)',
    ]) {
      expect(refusal(link), link).toBe(BANNER_MESSAGES.ctaLink);
    }
  });

  it('accepts app paths and https addresses', () => {
    for (const link of [
      '/',
      '/manage/plans',
      '/mobile/setup?step=2#top',
      'https://popstage.app/webinar',
    ]) {
      expect(refusal(link), link).toBeNull();
    }
  });
});

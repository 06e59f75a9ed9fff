import type { PromoBanner } from '@popstage/core/banners';
import { Banner, BlockStack } from '@shopify/polaris';

interface Props {
  banners: PromoBanner[];
  onDismiss(ruleId: string): void;
}

/**
 * Promo banners as Polaris banners: the heading as title, the rule's HTML (sanitised by the server
 * when staff saved it; innerHTML never runs scripts either) and its call to action.
 */
export function PromoBanners({ banners, onDismiss }: Props) {
  return (
    <BlockStack gap="300">
      {banners.map((banner) => (
        <section key={banner.rule_id} aria-label={banner.heading_text || banner.rule_name}>
          <Banner
            tone="info"
            title={banner.heading_text || undefined}
            onDismiss={() => onDismiss(banner.rule_id)}
            action={
              banner.extras.cta_text && banner.extras.cta_link
                ? {
                    content: banner.extras.cta_text,
                    url: banner.extras.cta_link,
                    ...(banner.is_external_cta_link ? { external: true, target: '_blank' } : {}),
                  }
                : undefined
            }
          >
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-html) */}
            <div dangerouslySetInnerHTML={{ __html: banner.render_html }} />
          </Banner>
        </section>
      ))}
    </BlockStack>
  );
}

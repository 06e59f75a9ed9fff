import { Banner, Page } from '@shopify/polaris';
import { SHOP_LOAD_ERROR_MESSAGE } from '../shop/load-shop';
import { PageFooter } from './PageFooter';

const meta = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

interface Props {
  retrying: boolean;
  onRetry: () => void;
}

/**
 * Without the shop there is no guard decision and no page; the message stays after the toast,
 * with a way to try again and the footer (support and help center from the served document,
 * since the shop's config is what failed to load).
 */
export function ShopLoadErrorPage({ retrying, onRetry }: Props) {
  const supportEmail = meta('popstage-support-email');
  const helpCenterUrl = meta('popstage-help-center-url');
  return (
    <Page title="Popstage">
      <Banner
        tone="critical"
        action={{ content: 'Try again', onAction: onRetry, loading: retrying }}
      >
        {SHOP_LOAD_ERROR_MESSAGE}
      </Banner>
      {supportEmail && helpCenterUrl ? (
        <PageFooter supportEmail={supportEmail} helpCenterUrl={helpCenterUrl} />
      ) : null}
    </Page>
  );
}

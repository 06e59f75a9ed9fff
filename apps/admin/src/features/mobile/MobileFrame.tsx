import { MOBILE_MESSAGES } from '@popstage/core/mobile';
import { ROUTES } from '@popstage/core/routing';
import { Banner, BlockStack, InlineGrid, Tabs } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageShell } from '../../app/shell/PageShell';
import { useShop } from '../../app/shop/ShopContext';
import { StatusBanners } from './StatusBanners';
import { isAppSubmitted, isSetupTabHidden } from './submission';

const TABS = [
  {
    id: 'notifications',
    content: 'Notifications/Banners',
    path: ROUTES.mobileNotificationsBanners,
  },
  { id: 'appearance', content: 'Appearance', path: ROUTES.mobileAppearance },
  { id: 'custom-menu', content: 'Custom Menu', path: ROUTES.mobileCustomMenu },
  { id: 'setup', content: 'Setup Mobile App', path: ROUTES.mobileSetup },
  {
    id: 'customer-login',
    content: 'Setup Customer Account Login',
    path: ROUTES.mobileCustomerAccountLogin,
  },
] as const;

export type MobileTabId = (typeof TABS)[number]['id'];

interface Props {
  tab: MobileTabId;
  loading?: boolean;
  /** The branded app's preview beside the content (Setup and Appearance). */
  preview?: ReactNode;
  children: ReactNode;
}

/** Every mobile screen: title, tabs, status banners, the not-submitted notice, content. */
export function MobileFrame({ tab, loading = false, preview, children }: Props) {
  const shop = useShop();
  const navigate = useNavigate();
  const tabs = TABS.filter((entry) => entry.id !== 'setup' || !isSetupTabHidden(shop));
  const selected = Math.max(
    0,
    tabs.findIndex((entry) => entry.id === tab),
  );
  const showNotice =
    !isAppSubmitted(shop) && ['notifications', 'appearance', 'custom-menu'].includes(tab);
  const current = tabs[selected];

  return (
    <PageShell title="Mobile App Builder" subtitle={current?.content} loading={loading} fullWidth>
      <BlockStack gap="400">
        <StatusBanners />
        <Tabs
          tabs={tabs.map(({ id, content }) => ({ id, content, panelID: `${id}-panel` }))}
          selected={selected}
          onSelect={(index) => {
            const target = tabs[index];
            if (target) navigate(target.path);
          }}
        />
        {showNotice ? (
          <Banner tone="warning" title={MOBILE_MESSAGES.setupNotCompleted}>
            Submit your app request in Setup Mobile App first; the changes here apply to your app
            once it is submitted.
          </Banner>
        ) : null}
        {preview ? (
          <InlineGrid columns={{ xs: 1, md: ['twoThirds', 'oneThird'] }} gap="400">
            <BlockStack gap="400">{children}</BlockStack>
            {preview}
          </InlineGrid>
        ) : (
          children
        )}
      </BlockStack>
    </PageShell>
  );
}

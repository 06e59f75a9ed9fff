import { backTargetFor, ROUTES } from '@popstage/core/routing';
import {
  Banner,
  BlockStack,
  Card,
  type MenuActionDescriptor,
  Page,
  type PageProps,
  SkeletonBodyText,
} from '@shopify/polaris';
import { ChatIcon } from '@shopify/polaris-icons';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHost } from '../host/HostContext';
import { useShop } from '../shop/ShopContext';
import { PageFooter } from './PageFooter';
import { useShellSlots } from './shell-slots';
import { isSupportButtonVisible } from './support-button-rule';

/** Spec 01 §4's note, worded to agree with the current-plan card, which shows the discount. */
export const MANAGE_PLANS_DISCOUNT_NOTE =
  'Your current plan shows the discount it has now; the plan prices below do not reflect discounts, and previously applied discounts do not carry over to a new plan.';

interface Props {
  title: string;
  subtitle?: string;
  /** Next to the title (a badge, or the landing's onboarding-call link). */
  titleMetadata?: ReactNode;
  /** Shows a skeleton instead of the content while the page's own data loads; the header,
   * back arrow and notes stay, so nothing jumps when the data arrives. */
  loading?: boolean;
  primaryAction?: PageProps['primaryAction'];
  secondaryActions?: MenuActionDescriptor[];
  fullWidth?: boolean;
  /** The address's own parts (back arrow, manage-plans note) belong to the page the address
   * names; a page shown there instead (Access Denied) leaves them out. */
  ownsRoute?: boolean;
  children?: ReactNode;
}

/**
 * The frame of every page (spec 01 §2.5): title, subtitle, back arrow, support button,
 * manage-plans note, promo banners and the help footer, so pages only bring their content.
 */
export function PageShell({
  title,
  subtitle,
  titleMetadata,
  loading = false,
  primaryAction,
  secondaryActions = [],
  fullWidth = false,
  ownsRoute = true,
  children,
}: Props) {
  const shop = useShop();
  const host = useHost();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { useSupport, usePromoBanners } = useShellSlots();
  const support = useSupport(shop);
  const promoBanners = usePromoBanners(shop);

  useEffect(() => host.setTitle(title), [host, title]);

  const backTarget = ownsRoute ? backTargetFor(pathname) : null;
  const backAction = backTarget
    ? { content: 'Back', onAction: () => navigate(backTarget) }
    : undefined;
  const actions = isSupportButtonVisible(shop)
    ? [...secondaryActions, { content: 'Support', icon: ChatIcon, onAction: support.open }]
    : secondaryActions;
  const footer = (
    <PageFooter supportEmail={shop.config.supportEmail} helpCenterUrl={shop.config.helpCenterUrl} />
  );

  return (
    <Page
      title={title}
      subtitle={subtitle}
      titleMetadata={titleMetadata}
      backAction={backAction}
      primaryAction={primaryAction}
      secondaryActions={actions}
      fullWidth={fullWidth}
    >
      <BlockStack gap="400">
        {ownsRoute && pathname === ROUTES.managePlans ? (
          <Banner tone="info">{MANAGE_PLANS_DISCOUNT_NOTE}</Banner>
        ) : null}
        {promoBanners}
        {loading ? (
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        ) : (
          children
        )}
        {footer}
      </BlockStack>
      {support.element}
    </Page>
  );
}

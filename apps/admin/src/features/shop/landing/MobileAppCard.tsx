import {
  MOBILE_APP_CARD_BUTTONS,
  type MobileAppCardFacts,
  mobileAppCardState,
} from '@popstage/core/billing';
import { ROUTES } from '@popstage/core/routing';
import { Button, InlineStack, Text } from '@shopify/polaris';
import { TitledCard } from '../../../lib/ui/TitledCard';

interface Props {
  mobileApp: MobileAppCardFacts;
  mobileEnabled: boolean;
}

/**
 * Landing's Mobile App card: its button follows the app request's state in the spec's priority
 * order (Action Required, Approval Blocked, Manage, Approval Pending, Set Up). Without the mobile
 * feature in the plan the mobile pages are closed, so the button leads to the plans instead.
 */
export function MobileAppCard({ mobileApp, mobileEnabled }: Props) {
  const state = mobileAppCardState(mobileApp);
  const button = MOBILE_APP_CARD_BUTTONS[state];
  const target = !mobileEnabled
    ? ROUTES.managePlans
    : button.target === 'notifications'
      ? ROUTES.mobileNotificationsBanners
      : ROUTES.mobileSetup;
  const detail =
    state === 'action_required'
      ? mobileApp.customerIssue
      : state === 'approval_blocked'
        ? mobileApp.blockedDescription
        : null;
  return (
    <TitledCard title="Mobile App" gap="400">
      <Text as="p" tone="subdued">
        A branded iOS and Android app for your store, with push notifications and in-app banners.
      </Text>
      {detail?.trim() ? (
        <Text as="p" tone="critical">
          {detail}
        </Text>
      ) : null}
      <InlineStack>
        <Button
          url={target}
          variant={button.critical ? 'primary' : 'secondary'}
          tone={button.critical ? 'critical' : undefined}
        >
          {button.label}
        </Button>
      </InlineStack>
    </TitledCard>
  );
}

import { ROUTES } from '@popstage/core/routing';
import { BlockStack, Button, Card, InlineStack, Link, List, Text } from '@shopify/polaris';
import { helpCenterTarget } from '../../app/shell/PageFooter';

interface Props {
  liveEnabled: boolean;
  dashboardUrl: string | null;
  learnMoreUrl: string;
}

/**
 * Spec 01 §2.7: with live in the plan the button reads Go Live and opens the external dashboard
 * in a new tab; otherwise Get Started leads to the plans.
 */
export function StartLiveSellingCard({ liveEnabled, dashboardUrl, learnMoreUrl }: Props) {
  const learnMore = helpCenterTarget(learnMoreUrl, window.location.origin);
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingLg">
          Start Live Selling
        </Text>
        <List type="bullet">
          <List.Item>Go live from one dashboard and sell while you stream</List.Item>
          <List.Item>Schedule live shows and let shoppers know ahead of time</List.Item>
          <List.Item>
            Show products on screen so shoppers can buy without leaving the show
          </List.Item>
          <List.Item>Keep replays that go on selling after the show ends</List.Item>
          <List.Item>Reach shoppers on your storefront and in your mobile app</List.Item>
        </List>
        <InlineStack gap="400" blockAlign="center">
          {liveEnabled ? (
            <Button
              variant="primary"
              url={dashboardUrl ?? undefined}
              external
              disabled={!dashboardUrl}
            >
              Go Live
            </Button>
          ) : (
            <Button variant="primary" url={ROUTES.managePlans}>
              Get Started
            </Button>
          )}
          <Link url={learnMore.url} target={learnMore.external ? '_blank' : undefined}>
            Learn More
          </Link>
        </InlineStack>
        {liveEnabled && !dashboardUrl ? (
          <Text as="p" tone="subdued">
            Your live selling dashboard is being prepared. Please check back shortly.
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}

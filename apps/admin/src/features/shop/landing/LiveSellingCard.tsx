import { ROUTES } from '@popstage/core/routing';
import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';

/** Landing's Live Selling card: to the live page once live is in the plan, else to plans. */
export function LiveSellingCard({ liveEnabled }: { liveEnabled: boolean }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Live Selling
        </Text>
        <Text as="p" tone="subdued">
          Sell live from a go-live dashboard, with scheduled shows and replays.
        </Text>
        <InlineStack>
          <Button url={liveEnabled ? ROUTES.live : ROUTES.managePlans}>
            {liveEnabled ? 'Manage Live Sales' : 'Get Started'}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

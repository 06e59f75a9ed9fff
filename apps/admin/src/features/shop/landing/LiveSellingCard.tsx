import { ROUTES } from '@popstage/core/routing';
import { Button, InlineStack, Text } from '@shopify/polaris';
import { TitledCard } from '../../../lib/ui/TitledCard';

/** Landing's Live Selling card: to the live page once live is in the plan, else to plans. */
export function LiveSellingCard({ liveEnabled }: { liveEnabled: boolean }) {
  return (
    <TitledCard title="Live Selling" gap="400">
      <Text as="p" tone="subdued">
        Sell live from a go-live dashboard, with scheduled shows and replays.
      </Text>
      <InlineStack>
        <Button url={liveEnabled ? ROUTES.live : ROUTES.managePlans}>
          {liveEnabled ? 'Manage Live Sales' : 'Get Started'}
        </Button>
      </InlineStack>
    </TitledCard>
  );
}

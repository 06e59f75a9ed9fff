import { ROUTES } from '@popstage/core/routing';
import { ACCESS_DENIED_TITLE } from '@popstage/core/shop';
import { BlockStack, Button, Card, Text } from '@shopify/polaris';
import { PageShell } from './PageShell';

type Props = { reason: 'deactivated' } | { reason: 'missingFeature'; planCode: string | null };

/** The deactivated shop's page everywhere, and the mobile area's page without the feature. */
export function AccessDeniedPage(props: Props) {
  return (
    <PageShell title={ACCESS_DENIED_TITLE} ownsRoute={false}>
      <Card>
        {props.reason === 'deactivated' ? (
          <Text as="p">
            Access to the app has been turned off for this store. Please contact support.
          </Text>
        ) : (
          <BlockStack gap="300" inlineAlign="start">
            <Text as="p">Your current plan does not include this feature.</Text>
            <Text as="p" tone="subdued">
              Plan: {props.planCode ?? 'none'}
            </Text>
            <Button url={ROUTES.managePlans}>Subscription</Button>
          </BlockStack>
        )}
      </Card>
    </PageShell>
  );
}

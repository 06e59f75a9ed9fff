import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';

/** Shown at 100 % or once steps 1-3 are done (spec 01 §2.11). */
export function AllSetCard({ onContinue, loading }: { onContinue(): void; loading: boolean }) {
  return (
    <Card>
      <InlineStack align="space-between" blockAlign="center" gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingLg">
            You're all set
          </Text>
          <Text as="p" tone="subdued">
            Your store is ready for shoppable videos.
          </Text>
        </BlockStack>
        <Button variant="primary" onClick={onContinue} loading={loading}>
          Continue
        </Button>
      </InlineStack>
    </Card>
  );
}

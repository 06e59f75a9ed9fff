import { ROUTES } from '@popstage/core/routing';
import { BlockStack, Button, Card, Text } from '@shopify/polaris';
import { PageShell } from './PageShell';

export const NOT_FOUND_TEXT = 'There is no page at this address';

export function NotFoundPage() {
  return (
    <PageShell title={NOT_FOUND_TEXT}>
      <Card>
        <BlockStack gap="300" inlineAlign="start">
          <Text as="p">Check the URL and try again.</Text>
          <Button url={ROUTES.landing}>Home</Button>
        </BlockStack>
      </Card>
    </PageShell>
  );
}

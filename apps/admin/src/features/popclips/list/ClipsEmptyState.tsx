import { POPCLIP_EMPTY_MESSAGES, POPCLIP_LABELS } from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import { BlockStack, Box, Button, Card, Text } from '@shopify/polaris';

interface Props {
  /** No clip matches the search, rather than no clip at all. */
  searching: boolean;
  createDisabled: boolean;
}

export function ClipsEmptyState({ searching, createDisabled }: Props) {
  return (
    <Card>
      <Box paddingBlock="1000">
        <BlockStack gap="300" inlineAlign="center">
          <Text as="h2" variant="headingMd">
            {searching ? POPCLIP_EMPTY_MESSAGES.noResultFound : POPCLIP_EMPTY_MESSAGES.noPopclips}
          </Text>
          {searching ? null : (
            <>
              <Text as="p" tone="subdued">
                Upload a short video, tag your products and show it on your storefront.
              </Text>
              <Button variant="primary" url={ROUTES.popclipsCreate} disabled={createDisabled}>
                {POPCLIP_LABELS.create}
              </Button>
            </>
          )}
        </BlockStack>
      </Box>
    </Card>
  );
}

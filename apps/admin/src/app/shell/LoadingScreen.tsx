import { Badge, BlockStack, Box, Card, Icon, InlineStack, Spinner, Text } from '@shopify/polaris';
import { PlayCircleIcon } from '@shopify/polaris-icons';

export const LOADING_TEXT = 'Hold tight! Your experience is loading...';

/** Spec 01 §2.4: shown while the shop loads, with a slide promoting the Custom Carousel. */
export function LoadingScreen() {
  return (
    <Box paddingBlock="1600" paddingInline="400">
      <BlockStack gap="800" inlineAlign="center">
        <Spinner accessibilityLabel="Loading" size="large" />
        <Text as="p" variant="headingLg" alignment="center">
          {LOADING_TEXT}
        </Text>
        <CustomCarouselSlide />
      </BlockStack>
    </Box>
  );
}

const SLIDE_TILES = [
  'bg-fill-info',
  'bg-fill-success',
  'bg-fill-caution',
  'bg-fill-magic',
] as const;

function CustomCarouselSlide() {
  return (
    <Box maxWidth="480px" width="100%">
      <Card>
        <BlockStack gap="400">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Custom Carousel
            </Text>
            <Badge tone="info">New</Badge>
          </InlineStack>
          <InlineStack gap="200" wrap={false} aria-hidden>
            {SLIDE_TILES.map((tile) => (
              <Box key={tile} background="bg-fill-tertiary" borderRadius="200" width="25%">
                <Box paddingBlock="1000">
                  <Icon source={PlayCircleIcon} tone="subdued" />
                </Box>
              </Box>
            ))}
          </InlineStack>
          <Text as="p" tone="subdued">
            Hand-pick your Popclips, put them in the order you like and show them as a carousel on
            any page of your store.
          </Text>
        </BlockStack>
      </Card>
    </Box>
  );
}

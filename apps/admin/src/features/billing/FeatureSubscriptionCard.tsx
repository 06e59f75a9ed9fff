import { type Addon, type Feature, planDisplayName } from '@popstage/core/billing';
import { Badge, BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris';
import { addonLimitLines, displayedAddonPrice, planPriceText } from './plan-details';

interface Props {
  feature: Feature;
  /** The add-on picked for this feature, if any. */
  selected: Addon | undefined;
  changed: boolean;
  freePopclips: boolean;
  onOpen: () => void;
}

/** A feature on the Subscription page: what is picked for it and a button to the picker. */
export function FeatureSubscriptionCard({
  feature,
  selected,
  changed,
  freePopclips,
  onOpen,
}: Props) {
  const currency = selected?.price[0]?.currencyCode ?? 'USD';
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {feature.name}
          </Text>
          {changed ? <Badge tone="attention">Changed</Badge> : null}
        </InlineStack>
        {selected ? (
          <BlockStack gap="200">
            <InlineStack gap="200" blockAlign="baseline">
              <Text as="p" variant="headingLg">
                {planDisplayName(selected.name)}
              </Text>
              <Text as="p" tone="subdued">
                {planPriceText(
                  planDisplayName(selected.name),
                  displayedAddonPrice(selected, freePopclips),
                  currency,
                )}
              </Text>
            </InlineStack>
            <List type="bullet">
              {addonLimitLines(selected).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            No plan selected.
          </Text>
        )}
        <InlineStack>
          <Button onClick={onOpen} accessibilityLabel={`Change ${feature.name} plan`}>
            {selected ? 'Change Plan' : 'Choose Plan'}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

import { type Addon, addonPrice, planDisplayName } from '@popstage/core/billing';
import { formatMonthlyPrice } from '@popstage/core/format';
import { Badge, BlockStack, Box, Button, Card, InlineStack, List, Text } from '@shopify/polaris';
import { addonLimitLines, displayedAddonPrice, planPriceText } from './plan-details';

interface Props {
  addon: Addon;
  /** For the button's accessible name: three features each have a 'Basic' plan. */
  featureName: string;
  selected: boolean;
  /** The add-on the shop pays for now (Subscription page). */
  current?: boolean;
  /** The free-popclips discount override is active. */
  freePopclips?: boolean;
  onPick: (addon: Addon) => void;
}

/** One add-on of a feature: name, monthly price, limits and a Select button (spec 01 §2.8). */
export function PlanCard({
  addon,
  featureName,
  selected,
  current = false,
  freePopclips = false,
  onPick,
}: Props) {
  const name = planDisplayName(addon.name);
  const listPrice = addonPrice(addon);
  const price = displayedAddonPrice(addon, freePopclips);
  const currency = addon.price[0]?.currencyCode ?? 'USD';
  const overridden = price !== listPrice;
  return (
    <Card background={selected ? 'bg-surface-selected' : 'bg-surface'}>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h3" variant="headingMd">
            {name}
          </Text>
          {current ? <Badge tone="info">Current plan</Badge> : null}
        </InlineStack>
        <InlineStack gap="200" blockAlign="baseline">
          <Text as="p" variant="headingLg">
            {planPriceText(name, price, currency)}
          </Text>
          {overridden ? (
            <Text as="span" tone="subdued" textDecorationLine="line-through">
              {formatMonthlyPrice(listPrice, currency)}
            </Text>
          ) : null}
        </InlineStack>
        <Box minHeight="4.5rem">
          <List type="bullet">
            {addonLimitLines(addon).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Box>
        <Button
          variant={selected ? 'primary' : 'secondary'}
          pressed={selected}
          onClick={() => onPick(addon)}
          accessibilityLabel={`${selected ? 'Deselect' : 'Select'} ${featureName} ${name}`}
          fullWidth
        >
          {selected ? 'Selected' : 'Select'}
        </Button>
      </BlockStack>
    </Card>
  );
}

import type { Addon, Feature } from '@popstage/core/billing';
import { BlockStack, Box, InlineGrid, Text } from '@shopify/polaris';
import { PlanCard } from './PlanCard';

interface Props {
  feature: Feature;
  addons: Addon[];
  selectedId: string | undefined;
  currentId?: string | undefined;
  freePopclips: boolean;
  onPick: (addon: Addon) => void;
}

/** One feature's plan cards side by side (Select Plan page and the plan-picker modals). */
export function FeaturePlansSection({
  feature,
  addons,
  selectedId,
  currentId,
  freePopclips,
  onPick,
}: Props) {
  return (
    <BlockStack gap="300">
      {/* Polaris pages have no inset on phones, where cards run edge to edge: the headings
          between the cards keep the cards' text inset instead of touching the frame. */}
      <Box paddingInline={{ xs: '400', sm: '0' }}>
        <BlockStack gap="100">
          <Text as="h2" variant="headingLg">
            {feature.name}
          </Text>
          {feature.description ? (
            <Text as="p" tone="subdued">
              {feature.description}
            </Text>
          ) : null}
        </BlockStack>
      </Box>
      <InlineGrid columns={{ xs: 1, sm: 2, md: Math.min(addons.length, 4) || 1 }} gap="400">
        {addons.map((addon) => (
          <PlanCard
            key={addon.id}
            addon={addon}
            featureName={feature.name}
            selected={addon.id === selectedId}
            current={addon.id === currentId}
            freePopclips={freePopclips}
            onPick={onPick}
          />
        ))}
      </InlineGrid>
    </BlockStack>
  );
}

import type { Addon, Feature } from '@popstage/core/billing';
import { BlockStack, InlineGrid, Text } from '@shopify/polaris';
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

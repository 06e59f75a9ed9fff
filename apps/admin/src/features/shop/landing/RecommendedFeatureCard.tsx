import {
  advanceRecommendedFeature,
  hasPopclipsCapability,
  type PopclipsPlanLevel,
  RECOMMENDED_FEATURE_TICK_MS,
  type RecommendedFeatureState,
  recommendedFeatureProgress,
} from '@popstage/core/billing';
import { ROUTES } from '@popstage/core/routing';
import type { FeatureId } from '@popstage/core/shop';
import { BlockStack, Box, Button, Card, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { RECOMMENDED_FEATURES } from './recommended-features';

interface Props {
  enabledFeatures: readonly FeatureId[];
  popclipsLevel: PopclipsPlanLevel;
}

/** Landing's rotating card: a slide every 6 s, the bar filling about 1.67 percent per 100 ms. */
export function RecommendedFeatureCard({ enabledFeatures, popclipsLevel }: Props) {
  const [state, setState] = useState<RecommendedFeatureState>({ slide: 0, tick: 0 });
  const [paused, setPaused] = useState(false);
  const count = RECOMMENDED_FEATURES.length;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(
      () => setState((current) => advanceRecommendedFeature(current, count)),
      RECOMMENDED_FEATURE_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [paused]);

  const slide = RECOMMENDED_FEATURES[state.slide] ?? RECOMMENDED_FEATURES[0];
  if (!slide) return null;
  // A slide the plan does not allow (custom carousels on Free) offers the upgrade instead.
  const enabled =
    enabledFeatures.includes(slide.needs) &&
    (!slide.capability || hasPopclipsCapability(popclipsLevel, slide.capability));
  const goTo = (index: number) => setState({ slide: (index + count) % count, tick: 0 });

  return (
    // Hovering or focusing the card holds the rotation so it can be read and clicked.
    <section
      aria-labelledby="recommended-feature-title"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Card>
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd" id="recommended-feature-title">
              Recommended Feature
            </Text>
            <Text as="span" tone="subdued">
              {`${state.slide + 1} of ${count}`}
            </Text>
          </InlineStack>
          <Box minHeight="5.5rem">
            <BlockStack gap="200">
              <Text as="h3" variant="headingLg">
                {slide.title}
              </Text>
              <Text as="p" tone="subdued">
                {slide.description}
              </Text>
            </BlockStack>
          </Box>
          <ProgressBar
            progress={recommendedFeatureProgress(state)}
            size="small"
            animated={false}
            ariaLabelledBy="recommended-feature-title"
          />
          <InlineStack align="space-between" blockAlign="center">
            <Button url={enabled ? slide.to : ROUTES.managePlans}>
              {enabled ? slide.action : 'Upgrade Plan'}
            </Button>
            <InlineStack gap="100">
              <Button variant="tertiary" onClick={() => goTo(state.slide - 1)}>
                Previous
              </Button>
              <Button variant="tertiary" onClick={() => goTo(state.slide + 1)}>
                Next
              </Button>
            </InlineStack>
          </InlineStack>
        </BlockStack>
      </Card>
    </section>
  );
}

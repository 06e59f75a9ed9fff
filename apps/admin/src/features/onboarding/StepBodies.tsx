import { Badge, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import type { usePublishProducts } from './use-publish-products';
import type { useWizardActions } from './use-wizard-actions';
import { STEP_LINKS } from './wizard-steps';

type Actions = ReturnType<typeof useWizardActions>;

interface EmbedProps {
  enabled: boolean;
  embedEnabled: boolean;
  livePageCreated: boolean;
  embedUrl: string;
  actions: Actions;
}

/** Step 1: the theme's app embed (elsewhere, in a new tab) and the live page (here). */
export function EmbedStepBody({
  enabled,
  embedEnabled,
  livePageCreated,
  embedUrl,
  actions,
}: EmbedProps) {
  return (
    <InlineStack gap="400" blockAlign="center">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span">App embed</Text>
        <Badge tone={embedEnabled ? 'success' : undefined}>{embedEnabled ? 'On' : 'Off'}</Badge>
        <Button url={embedUrl} target="_blank" disabled={!enabled || embedEnabled}>
          Enable app embed
        </Button>
      </InlineStack>
      <InlineStack gap="200" blockAlign="center">
        <Text as="span">Live page</Text>
        <Badge tone={livePageCreated ? 'success' : undefined}>
          {livePageCreated ? 'Created' : 'Not created'}
        </Badge>
        <Button
          onClick={actions.makeLivePage}
          loading={actions.busy === 'livePage'}
          disabled={!enabled || livePageCreated}
        >
          Create live page
        </Button>
      </InlineStack>
      <CheckAgain enabled={enabled} actions={actions} />
    </InlineStack>
  );
}

interface ProductsProps {
  enabled: boolean;
  publishedCount: number;
  productsUrl: string;
  publishing: ReturnType<typeof usePublishProducts>;
  actions: Actions;
}

/**
 * Step 2: the app publishes every active product to its sales channel; a merchant who wants only
 * some picks them in the store admin instead (or /sandbox), then checks again.
 */
export function ProductsStepBody({
  enabled,
  publishedCount,
  productsUrl,
  publishing,
  actions,
}: ProductsProps) {
  return (
    <InlineStack gap="400" blockAlign="center">
      <Text as="span">
        {publishedCount === 1 ? '1 product published' : `${publishedCount} products published`}
      </Text>
      <Button
        variant="primary"
        onClick={publishing.publish}
        loading={publishing.busy}
        disabled={!enabled}
      >
        Publish all products
      </Button>
      <Button variant="plain" url={productsUrl} target="_blank" disabled={!enabled}>
        Choose products
      </Button>
      <CheckAgain enabled={enabled} actions={actions} />
    </InlineStack>
  );
}

/** Step 3: create the first clip, or skip it (stored as shop-info skippedFirstPopclipsCreation). */
export function FirstPopclipStepBody({ enabled, actions }: { enabled: boolean; actions: Actions }) {
  return (
    <InlineStack gap="300" blockAlign="center">
      <Button variant="primary" url={STEP_LINKS.createPopclip} disabled={!enabled}>
        Create Popclip
      </Button>
      <Button onClick={actions.skip} loading={actions.busy === 'skip'} disabled={!enabled}>
        Skip
      </Button>
    </InlineStack>
  );
}

interface CarouselProps {
  enabled: boolean;
  /** The plan has custom carousels (basic and above). */
  customCarousels: boolean;
  carouselBlockUrl: string;
  actions: Actions;
  onUpgrade: () => void;
}

/**
 * Step 4: the first carousel. Free plans cannot create one (the page sends them back), so they
 * get what the plan allows, the all-Popclips carousel block, or the upgrade.
 */
export function CarouselStepBody({
  enabled,
  customCarousels,
  carouselBlockUrl,
  actions,
  onUpgrade,
}: CarouselProps) {
  if (customCarousels) {
    return (
      <Button variant="primary" url={STEP_LINKS.createCarousel} disabled={!enabled}>
        Create carousel
      </Button>
    );
  }
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {ALL_POPCLIPS_CAROUSEL_NOTE}
      </Text>
      <InlineStack gap="300" blockAlign="center">
        <Button
          variant="primary"
          url={carouselBlockUrl}
          target="_blank"
          onClick={actions.addAllPopclipsCarousel}
          loading={actions.busy === 'allPopclips'}
          disabled={!enabled}
        >
          Add all-Popclips carousel
        </Button>
        <Button onClick={onUpgrade} disabled={!enabled}>
          Upgrade for custom carousels
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

export const ALL_POPCLIPS_CAROUSEL_NOTE =
  'Your plan shows all your Popclips in one carousel, newest first: add its block to your home page. Upgrade to choose which Popclips show and in what order.';

function CheckAgain({ enabled, actions }: { enabled: boolean; actions: Actions }) {
  return (
    <Button
      variant="plain"
      onClick={actions.refresh}
      loading={actions.busy === 'refresh'}
      disabled={!enabled}
    >
      Check again
    </Button>
  );
}

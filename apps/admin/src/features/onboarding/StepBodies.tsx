import { Badge, Button, InlineStack, Text } from '@shopify/polaris';
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
  actions: Actions;
}

/** Step 2: products go to the sales channel in the store admin (or /sandbox). */
export function ProductsStepBody({ enabled, publishedCount, productsUrl, actions }: ProductsProps) {
  return (
    <InlineStack gap="400" blockAlign="center">
      <Text as="span">
        {publishedCount === 1 ? '1 product published' : `${publishedCount} products published`}
      </Text>
      <Button url={productsUrl} target="_blank" disabled={!enabled}>
        Publish products
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

/** Step 4: the first carousel. */
export function CarouselStepBody({ enabled }: { enabled: boolean }) {
  return (
    <Button variant="primary" url={STEP_LINKS.createCarousel} disabled={!enabled}>
      Create carousel
    </Button>
  );
}

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

import { Badge, BlockStack, Box, InlineStack, Modal, Text } from '@shopify/polaris';
import { type ReactNode, useEffect } from 'react';
import { useHost } from '../../app/host/HostContext';
import { CarouselEmbedCode, ThemeEditorButton } from './CarouselEmbedCode';

interface Props {
  /** The saved carousel; null keeps the modal closed. */
  carousel: { carousel_id: string; carousel_title: string } | null;
  publishing: boolean;
  onPublish: () => void;
  onClose: () => void;
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Badge>{`Step ${n}`}</Badge>
        <Text as="h3" variant="headingSm">
          {title}
        </Text>
      </InlineStack>
      <Box paddingInlineStart="400">
        <BlockStack gap="200">{children}</BlockStack>
      </Box>
    </BlockStack>
  );
}

/** After saving a new or unpublished carousel (spec 02 §2, §4): embed, place, publish. */
export function PublishStepsModal({ carousel, publishing, onPublish, onClose }: Props) {
  const host = useHost();
  const open = carousel !== null;

  // The carousel is saved: an error toast of an earlier try would sit over the steps.
  useEffect(() => {
    if (open) host.hideErrorToasts();
  }, [open, host]);

  return (
    <Modal
      open={carousel !== null}
      onClose={onClose}
      title="Publish your carousel"
      primaryAction={{ content: 'Publish carousel', loading: publishing, onAction: onPublish }}
      secondaryActions={[{ content: 'Not now', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="500">
          <Text as="p">
            {`"${carousel?.carousel_title ?? ''}" is saved. Three steps put it on your storefront.`}
          </Text>
          <Step n={1} title="Enable the Popstage app embed">
            <Text as="p" tone="subdued">
              Turn on the Popstage app embed in your theme, so the player loads on your storefront.
            </Text>
            <InlineStack>
              <ThemeEditorButton target="embed">Open theme editor</ThemeEditorButton>
            </InlineStack>
          </Step>
          <Step n={2} title="Place the carousel in your theme">
            <Text as="p" tone="subdued">
              Add the Popstage carousel block where it should show, or paste this embed code into
              your theme.
            </Text>
            {carousel ? (
              <CarouselEmbedCode carouselId={carousel.carousel_id} withBlockButton />
            ) : null}
          </Step>
          <Step n={3} title="Publish">
            <Text as="p" tone="subdued">
              Publishing makes the carousel visible to your customers.
            </Text>
          </Step>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

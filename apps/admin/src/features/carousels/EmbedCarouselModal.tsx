import { BlockStack, Button, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { ClipboardIcon } from '@shopify/polaris-icons';
import { AddCarouselBlockButton, CarouselEmbedCode, useCopyWithToast } from './CarouselEmbedCode';

export const CAROUSEL_ID_COPIED = 'Carousel ID copied to your clipboard';

interface Props {
  /** The published carousel whose embed is shown; null keeps the modal closed. */
  carousel: { carousel_id: string; carousel_title: string } | null;
  onClose: () => void;
}

/**
 * A published carousel's way onto the storefront (the carousel block's setting text sends the
 * merchant here): its id for the Popstage carousel block, or its embed code for a theme file.
 */
export function EmbedCarouselModal({ carousel, onClose }: Props) {
  const copy = useCopyWithToast();
  const id = carousel?.carousel_id ?? '';

  return (
    <Modal
      open={carousel !== null}
      onClose={onClose}
      title={`Embed "${carousel?.carousel_title ?? ''}"`}
      secondaryActions={[{ content: 'Close', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <BlockStack gap="200">
            <TextField
              label="Carousel ID"
              value={id}
              readOnly
              autoComplete="off"
              helpText="Paste it into the Carousel ID setting of the Popstage carousel block in your theme editor."
              connectedRight={
                <Button icon={ClipboardIcon} onClick={() => void copy(id, CAROUSEL_ID_COPIED)}>
                  Copy ID
                </Button>
              }
            />
            <InlineStack>
              <AddCarouselBlockButton />
            </InlineStack>
          </BlockStack>
          {carousel ? (
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                Embed code
              </Text>
              <Text as="p" tone="subdued">
                Or paste this code into a theme file where the carousel should show.
              </Text>
              <CarouselEmbedCode carouselId={id} />
            </BlockStack>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

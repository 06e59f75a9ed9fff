import { carouselEmbedHtml } from '@popstage/core/carousels';
import { BlockStack, Button, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { ClipboardIcon, ExternalIcon } from '@shopify/polaris-icons';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { copyText } from '../../lib/copy-text';
import styles from './carousels.module.css';
import { CAROUSEL_EMBED_COPIED, CAROUSEL_EMBED_COPY_FAILED } from './PublishStepsModal';
import { themeEditorUrl } from './theme-links';

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
  const host = useHost();
  const shop = useShop();
  const id = carousel?.carousel_id ?? '';
  const embedCode = carousel ? carouselEmbedHtml(id) : '';

  const copy = async (text: string, done: string) => {
    if (await copyText(text)) host.showToast(done);
    else host.showToast(CAROUSEL_EMBED_COPY_FAILED, { error: true });
  };

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
              <Button
                icon={ExternalIcon}
                url={themeEditorUrl(host.kind, shop.shopifyDomain, 'block')}
                target="_blank"
              >
                Add carousel block
              </Button>
            </InlineStack>
          </BlockStack>
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Embed code
            </Text>
            <Text as="p" tone="subdued">
              Or paste this code into a theme file where the carousel should show.
            </Text>
            <code className={styles.embedCode}>{embedCode}</code>
            <InlineStack>
              <Button
                icon={ClipboardIcon}
                onClick={() => void copy(embedCode, CAROUSEL_EMBED_COPIED)}
              >
                Copy embed code
              </Button>
            </InlineStack>
          </BlockStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

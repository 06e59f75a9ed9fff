import { unpublishWarning } from '@popstage/core/carousels';
import type { Popclip } from '@popstage/core/popclips';
import { Banner, BlockStack, Modal, Text } from '@shopify/polaris';

interface Props {
  clip: Popclip | null;
  deleting: boolean;
  /** Published carousels the delete would leave under 3 clips (they get unpublished). */
  affectedCarousels: string[];
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting: the clip's media is deleted with it and cannot come back. */
export function DeleteClipModal({ clip, deleting, affectedCarousels, onConfirm, onClose }: Props) {
  return (
    <Modal
      open={clip !== null}
      onClose={onClose}
      title="Delete Popclip?"
      primaryAction={{
        content: 'Delete',
        destructive: true,
        loading: deleting,
        onAction: onConfirm,
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: deleting }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            {`"${clip?.metaData.videoTitle ?? ''}" and its video will be deleted. This cannot be undone.`}
          </Text>
          {affectedCarousels.length > 0 ? (
            <Banner tone="warning">{unpublishWarning(affectedCarousels)}</Banner>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

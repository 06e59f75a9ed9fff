import type { Popclip } from '@popstage/core/popclips';
import { Modal, Text } from '@shopify/polaris';

interface Props {
  clip: Popclip | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting: the clip's media is deleted with it and cannot come back. */
export function DeleteClipModal({ clip, deleting, onConfirm, onClose }: Props) {
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
        <Text as="p">
          {`"${clip?.metaData.videoTitle ?? ''}" and its video will be deleted. This cannot be undone.`}
        </Text>
      </Modal.Section>
    </Modal>
  );
}

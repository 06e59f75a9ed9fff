import { POPCLIP_LABELS } from '@popstage/core/popclips';
import { Modal, Text } from '@shopify/polaris';

interface Props {
  open: boolean;
  onUploadAnother: () => void;
  onGoToList: () => void;
}

/** After the shop's first successful upload (spec 02 §2). */
export function CongratulationsModal({ open, onUploadAnother, onGoToList }: Props) {
  return (
    <Modal
      open={open}
      onClose={onGoToList}
      title="Congratulations!"
      primaryAction={{ content: POPCLIP_LABELS.goToList, onAction: onGoToList }}
      secondaryActions={[{ content: POPCLIP_LABELS.uploadAnother, onAction: onUploadAnother }]}
    >
      <Modal.Section>
        <Text as="p">
          Your first Popclip is uploaded. It is processing now and will be ready to play on your
          storefront in a few moments.
        </Text>
      </Modal.Section>
    </Modal>
  );
}

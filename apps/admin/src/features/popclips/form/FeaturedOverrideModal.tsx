import { Modal, Text } from '@shopify/polaris';

interface Props {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 02 §4: featuring a clip while another one is featured asks first; Cancel unmarks. */
export function FeaturedOverrideModal({ open, onConfirm, onCancel }: Props) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Replace the featured Popclip?"
      primaryAction={{ content: 'Replace', onAction: onConfirm }}
      secondaryActions={[{ content: 'Cancel', onAction: onCancel }]}
    >
      <Modal.Section>
        <Text as="p">
          Another Popclip is featured on your storefront. Only one Popclip can be featured, so this
          one will replace it when you save.
        </Text>
      </Modal.Section>
    </Modal>
  );
}

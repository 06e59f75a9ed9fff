import { Modal, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import { openUpgrade } from './upgrade-link';

interface Props {
  open: boolean;
  title: string;
  message: string;
  /** The primary action's label. */
  upgradeLabel: string;
  /** The secondary action's label; it closes the modal. */
  dismissLabel: string;
  /** The Popclips plan preselected on the Subscription page. */
  level?: Parameters<typeof openUpgrade>[1];
  onClose: () => void;
}

/** A modal that offers an upgrade: its primary action closes it and opens the Subscription page. */
export function UpgradeOfferModal(props: Props) {
  const { open, title, message, upgradeLabel, dismissLabel, level, onClose } = props;
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={{
        content: upgradeLabel,
        onAction: () => {
          onClose();
          openUpgrade(navigate, level);
        },
      }}
      secondaryActions={[{ content: dismissLabel, onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{message}</Text>
      </Modal.Section>
    </Modal>
  );
}

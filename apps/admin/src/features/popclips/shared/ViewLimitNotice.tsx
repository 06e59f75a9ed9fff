import type { PopclipsGating } from '@popstage/core/billing';
import { creationBlockedMessage } from '@popstage/core/popclips';
import { Modal, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import { openUpgrade, UpgradeBanner } from '../../shop';

/** Why Create is disabled (spec 02 §2): the view-limit text, with an upgrade offer. */
export function ViewLimitBanner({ gating }: { gating: PopclipsGating | undefined }) {
  return <UpgradeBanner text={gating ? creationBlockedMessage(gating) : null} />;
}

interface ModalProps {
  open: boolean;
  message: string;
  onClose: () => void;
}

/** The view-limit modal shown when creating is blocked (spec 02 §2). */
export function ViewLimitModal({ open, message, onClose }: ModalProps) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="View limit reached"
      primaryAction={{
        content: 'Upgrade Plan',
        onAction: () => {
          onClose();
          openUpgrade(navigate);
        },
      }}
      secondaryActions={[{ content: 'Close', onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{message}</Text>
      </Modal.Section>
    </Modal>
  );
}

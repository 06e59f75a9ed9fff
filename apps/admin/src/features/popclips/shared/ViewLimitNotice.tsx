import type { PopclipsGating } from '@popstage/core/billing';
import { creationBlockedMessage } from '@popstage/core/popclips';
import { UpgradeBanner, UpgradeOfferModal } from '../../shop';

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
  return (
    <UpgradeOfferModal
      open={open}
      onClose={onClose}
      title="View limit reached"
      message={message}
      upgradeLabel="Upgrade Plan"
      dismissLabel="Close"
    />
  );
}

import { UPGRADE_BUTTON_PRICE_TEXT, type UpgradeModalVariant } from '@popstage/core/popclips';
import { Modal, Text } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import { openUpgrade } from '../../shop';

const COPY: Record<UpgradeModalVariant, { title: string; body: string }> = {
  instagramImport: {
    title: 'Import from Instagram',
    body: 'Turn your Instagram reels into shoppable Popclips. Upgrade your Popclips plan to import from Instagram.',
  },
  tiktokImport: {
    title: 'Import from TikTok',
    body: 'Turn your TikTok videos into shoppable Popclips. Upgrade your Popclips plan to import from TikTok.',
  },
  categoryCarousels: {
    title: 'Collection carousels',
    body: 'Show the Popclips of a whole collection in one carousel. Upgrade your Popclips plan to use collection carousels.',
  },
  default: {
    title: 'Upgrade your plan',
    body: 'Upgrade your Popclips plan to use this feature.',
  },
};

interface Props {
  variant: UpgradeModalVariant | null;
  onClose: () => void;
}

/** The upgrade prompt of spec 02 §2; every variant offers the $29.99/month plan. */
export function UpgradeModal({ variant, onClose }: Props) {
  const navigate = useNavigate();
  const copy = COPY[variant ?? 'default'];
  return (
    <Modal
      open={variant !== null}
      onClose={onClose}
      title={copy.title}
      primaryAction={{
        content: `Upgrade for ${UPGRADE_BUTTON_PRICE_TEXT}`,
        onAction: () => {
          onClose();
          openUpgrade(navigate);
        },
      }}
      secondaryActions={[{ content: 'Not now', onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{copy.body}</Text>
      </Modal.Section>
    </Modal>
  );
}

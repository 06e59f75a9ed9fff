import { type UpgradeModalVariant, upgradeOffer } from '@popstage/core/popclips';
import { UpgradeOfferModal } from '../../shop';

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

/**
 * The upgrade prompt of spec 02 §2: basic at $29.99/month, or premium at its price for
 * collection carousels (core upgradeOffer); the plan is preselected on /manage/plans.
 */
export function UpgradeModal({ variant, onClose }: Props) {
  const copy = COPY[variant ?? 'default'];
  const offer = upgradeOffer(variant ?? 'default');
  return (
    <UpgradeOfferModal
      open={variant !== null}
      onClose={onClose}
      title={copy.title}
      message={copy.body}
      upgradeLabel={`Upgrade for ${offer.priceText}`}
      dismissLabel="Not now"
      level={offer.level}
    />
  );
}

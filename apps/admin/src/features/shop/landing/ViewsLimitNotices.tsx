import {
  type PopclipsGating,
  shouldShowViewsLimitModal,
  viewsLimitBannerText,
} from '@popstage/core/billing';
import { formatNumber } from '@popstage/core/format';
import { useState } from 'react';
import { UpgradeBanner } from './UpgradeBanner';
import { UpgradeOfferModal } from './UpgradeOfferModal';

/** Spec 01 §4: the limit banner once creation is blocked. */
export function ViewsLimitBanner({ gating }: { gating: PopclipsGating }) {
  return <UpgradeBanner text={viewsLimitBannerText(gating)} />;
}

/** Dismissed once per browser session, so the warning does not return on every visit. */
const DISMISSED_KEY = 'popstage.viewsLimitModalDismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

interface ModalProps {
  gating: PopclipsGating;
  /** View limits of the free and basic popclips add-ons (core freeOrBasicViewLimits). */
  freeOrBasicLimits: readonly number[];
}

/** The 80 percent warning (core shouldShowViewsLimitModal) with an upgrade offer. */
export function ViewsLimitModal({ gating, freeOrBasicLimits }: ModalProps) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const show = !dismissed && shouldShowViewsLimitModal({ ...gating, freeOrBasicLimits });
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage may be blocked in the admin iframe; it then shows again next visit.
    }
  };
  return (
    <UpgradeOfferModal
      open={show}
      onClose={dismiss}
      title="You're close to your monthly view limit"
      message={`Your Popclips have had ${formatNumber(gating.totalViews)} of ${formatNumber(gating.maxViews)} views this period. Upgrade your plan so every visitor can keep watching.`}
      upgradeLabel="Upgrade Plan"
      dismissLabel="Not now"
    />
  );
}

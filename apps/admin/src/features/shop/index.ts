/** The shop area's public face: what other areas may use. */
export { UpgradeBanner } from './landing/UpgradeBanner';
export { UpgradeOfferModal } from './landing/UpgradeOfferModal';
export { openUpgrade } from './landing/upgrade-link';

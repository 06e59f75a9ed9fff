/** The popclips area's public face: what other areas may use. */
export { useClipsList } from './api/clips-api';
export { UpgradeModal } from './form/UpgradeModal';

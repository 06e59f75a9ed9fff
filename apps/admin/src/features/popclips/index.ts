/** The popclips area's public face: what other areas may use. */
export { invalidateClips, useClipsByMetaIds, useClipsList } from './clips-api';
export { UpgradeModal } from './form/UpgradeModal';

/** The popclips area's public face: what other areas may use. */
export {
  CLIP_LIST_KEYS,
  invalidateClipLists,
  invalidateClips,
  useClipsByMetaIds,
  useClipsList,
} from './data';
export { UpgradeModal } from './form/UpgradeModal';

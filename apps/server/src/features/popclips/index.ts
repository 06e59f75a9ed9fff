/** The popclips area's public face: what other areas may use. */

export { signedCaption } from './captions';
export { captionRoutes } from './captions-routes';
export { queueProductClipCounts } from './clip-counts-queue';
export { clipFolder, derivedKeys } from './media-keys';
export { requireClip } from './service';
export {
  countPopclips,
  findPopclipsByMetaIds,
  insertPopclip,
  recentClipFailures,
  usableClipProducts,
} from './store';
export { importVideoFile } from './video-file-import';
export { MEDIA_URL_SECONDS } from './wire';

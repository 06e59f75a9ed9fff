export type {
  CsImportBody,
  CsReuploadBody,
  CsUpdateMediaBody,
  CsUploadBody,
} from './api';
export {
  clipTitleSchema,
  csImportSchema,
  csUpdateMediaSchema,
  csUploadSchema,
  taggedProductsSchema,
  thumbnailFileSchema,
  videoFileSchema,
} from './api';
export type { ThumbnailMimeType } from './constants';
export {
  CLIP_LIST_PAGE_SIZE,
  CLIP_POLL_INTERVAL_MS,
  CLIP_SEARCH_PAGE_SIZE,
  COPY_RESET_MS,
  FILE_CATEGORY,
  INTERRUPTED_CLIP_RETENTION_HOURS,
  MAX_TAGGED_PRODUCTS,
  MB,
  MIN_CAROUSEL_CLIPS,
  SEARCH_DEBOUNCE_LONG_MS,
  SEARCH_DEBOUNCE_MS,
  THUMBNAIL_ACCEPT,
  THUMBNAIL_MAX_BYTES_EXCLUSIVE,
  TITLE_MAX_LENGTH,
  UPGRADE_BUTTON_PRICE_TEXT,
  UPLOAD_GRACE_SECONDS,
  UPLOAD_URL_SECONDS,
  VIDEO_ACCEPT,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_MAX_SIDE,
} from './constants';
export type {
  ListMediaResponse,
  Popclip,
  PopclipProduct,
} from './contract';
export { popclipsContract } from './contract';
export type { DisplayTarget } from './display';
export { displayTargetsFor, isExcludedFromProductPage } from './display';
export {
  FEATURED_OVERRIDE_CANCELLED,
  featuredIdAfterSave,
  needsFeaturedOverride,
} from './featured';
export { fileExtension, sanitizeFileName } from './file-name';
export type { UpgradeModalVariant } from './gating';
export { canImportFromSocial, creationBlockedMessage, upgradeOffer } from './gating';
export {
  CAROUSEL_SERVER_MESSAGES,
  POPCLIP_EMPTY_MESSAGES,
  POPCLIP_LABELS,
  POPCLIP_SERVER_MESSAGES,
  POPCLIP_TOASTS,
  POPCLIP_VALIDATION_MESSAGES,
} from './messages';
export type { ClipSourceType, SocialSourceType } from './source-url';
export { canImportSourceUrl, INSTAGRAM_HOST, sourceUrlError, TIKTOK_HOST } from './source-url';
export type { PopclipStatus } from './status';
export { canReupload, isUsableClip, popclipStatusLabel, shouldPollClips } from './status';
export { truncateClipTitle } from './title';
export { canTagAnotherProduct } from './validation';
export { clipVisibility } from './visibility';

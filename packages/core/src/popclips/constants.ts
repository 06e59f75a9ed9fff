/** Popclips business constants (spec 02 §9). Limits live here once; admin and server import them. */

/** Bytes in one MB as the upload limits count them (binary, like a file picker's size). */
export const MB = 1024 * 1024;
/** A video may be at most 100 MB (spec 02 §5: "max 100MB"). */
export const VIDEO_MAX_BYTES = 100 * MB;
/**
 * Longest video accepted, in seconds (ours: the spec sets none). Shoppable clips are short, and
 * a bound keeps one upload from holding a worker for long (a 10-hour video was accepted).
 */
export const VIDEO_MAX_SECONDS = 180;
/** Longest side of a video accepted, in pixels (4K; the playable copy is scaled down anyway). */
export const VIDEO_MAX_SIDE = 3840;
/** Signed PUT URLs stay valid for an hour: long enough for 100 MB on a slow connection. */
export const UPLOAD_URL_SECONDS = 60 * 60;
/**
 * An upload not completed (csUploadComplete) this long after its URL expired is 'interrupted'
 * (a PUT started just before expiry may take the upload body timeout, 15 minutes, to finish).
 */
export const UPLOAD_GRACE_SECONDS = 15 * 60;
/** Interrupted clips (and their objects) are deleted this long after they were marked. */
export const INTERRUPTED_CLIP_RETENTION_HOURS = 24;
/** A custom thumbnail must be under 1 MB (spec 02 §2, §9: "under 1MB"). */
export const THUMBNAIL_MAX_BYTES_EXCLUSIVE = 1 * MB;

/** Accepted video files: .mp4 and .mov (spec 02 §5). */
export const VIDEO_EXTENSIONS = ['mp4', 'mov'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime'] as const;
/** The file picker's accept attribute for videos. */
export const VIDEO_ACCEPT = '.mp4,.mov,video/mp4,video/quicktime';

/** Accepted thumbnail images (ours: the spec names no types; these are the ones we can sniff). */
export const THUMBNAIL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;
export const THUMBNAIL_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ThumbnailMimeType = (typeof THUMBNAIL_MIME_TYPES)[number];
export const THUMBNAIL_ACCEPT =
  '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif';

/** Products tagged on one clip (spec 02 §5, §9). */
export const MAX_TAGGED_PRODUCTS = 5;
/** Clip titles are shown cut at 46 characters in the list (spec 02 §2, §9). */
export const TITLE_DISPLAY_LENGTH = 46;
/**
 * Longest title stored (ours: the spec sets no maximum; the server needs a bound). Recorded in
 * docs/decisions.md.
 */
export const TITLE_MAX_LENGTH = 255;

/**
 * Clip list page size. The spec gives two readings (spec 02 §2, §9): 14 for the list grid and
 * 12 for the paginated loader with last-evaluated-key cursors. Views use the grid size
 * (CLIP_LIST_PAGE_SIZE); the media gallery's listMediabyID default page is the loader size.
 */
export const CLIP_LIST_PAGE_SIZE = 14;
export const CLIP_LOADER_PAGE_SIZE = 12;
/** Popclips search by keyword: page size 14 (spec 02 §7, §9). */
export const CLIP_SEARCH_PAGE_SIZE = 14;
/**
 * Title search debounce. Two readings (spec 02 §2): 1500 ms and 300 ms. Views use the shorter
 * one (SEARCH_DEBOUNCE_MS): the search is server-side and cheap, and 1.5 s feels broken.
 */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_DEBOUNCE_LONG_MS = 1500;
/** The list polls while any clip is still processing (spec 02 §2, §9). */
export const CLIP_POLL_INTERVAL_MS = 8000;

/** Custom carousels need at least 3 clips (spec 02 §5, §9). */
export const MIN_CAROUSEL_CLIPS = 3;

/** The media gallery's category for clips (spec 02 §7, §9). */
export const FILE_CATEGORY = 'shopifyClips';

/** How long a "Copied" state shows before it resets (spec 02 §9). */
export const COPY_RESET_MS = 2000;

/** Upgrade prompts for custom carousels and import (spec 02 §2, §9). */
export const UPGRADE_BUTTON_PRICE_TEXT = '$29.99/month';

/** Popclips texts of spec 02 §5 and §8, worded exactly (typos included: "upto"). */

/** Clip and carousel validation (spec 02 §5): toasts, and inline errors where a field shows one. */
export const POPCLIP_VALIDATION_MESSAGES = {
  titleEmpty: 'Clip Title cannot be empty.',
  videoRequired: 'Please add a video to create a new popclip.',
  productRequired: 'Please select at least one product to create a new popclip.',
  customThumbnailRequired: 'Please select a custom thumbnail image to create a new popclip.',
  tooManyProducts: 'You can only tag upto 5 products!',
  videoTooLarge: 'Uploaded video size should be less than 100MB',
  /** Ours (VIDEO_MAX_SECONDS, VIDEO_MAX_SIDE): the spec sets no duration or resolution limit. */
  videoTooLong: 'Videos can be at most 3 minutes long.',
  videoResolutionTooHigh: 'Videos can be at most 3840 pixels wide or high.',
  thumbnailTooLarge: 'Image size should not be greater than 1MB',
  sourceUrlRequired: 'This is a required field',
  invalidTikTokUrl: 'This is not a valid TikTok reel URL',
  /** Completed with the Instagram host: see instagramUrlMessage(). */
  instagramUrlPrefix: 'The link must start with ',
  carouselTitleEmpty: 'Please enter a title for the carousel',
  carouselTooFewClips: 'Please select at least 3 Popclips to create a carousel',
  carouselCollectionRequired: 'Please select collection to create a carousel',
} as const;

/** Toasts of the Popclips area (spec 02 §8). */
export const POPCLIP_TOASTS = {
  clipNotFound: 'Clip not found.',
  uploadFailed: 'Something went wrong while trying to upload clip. Please contact support.',
  importFailed: 'Something went wrong. Please try again in some time.',
  importUploadFailed: 'An error occurred in the upload. Please try again with the correct URL.',
  clipDeleted: 'Clip successfully deleted.',
  clipDeleteFailed: 'Something went wrong while trying to delete the clip.',
  copyFailed: 'Failed to copy link',
  embedCodeCopied: 'Embed Code copied to your clipboard',
  carouselDeleteFailed: 'Error deleting carousel',
  genericFailed: 'Failed. Please try again or contact support.',
  livePageFailed: 'Failed to create live shopping page. Please contact support.',
  installationVerifyFailed: 'Failed to verify installation. Please contact support.',
  carouselDeleted: 'Carousel deleted successfully',
  carouselSaved: 'Custom carousel changes saved',
  settingsSaved: 'Settings saved successfully.',
  miniplayerPlacementSaved: 'Popclips miniplayer placement is saved',
  featuredPlacementSaved: 'Featured popclips placement is saved',
} as const;

/** Empty states and other texts (spec 02 §8). */
export const POPCLIP_EMPTY_MESSAGES = {
  noData: 'No data available',
  dataNotFound: 'Data not found',
  noPopclips: 'No Popclips found',
  noPopclipInCollection: 'No Popclip found. Please try again with a different collection.',
  noItemsInCart: 'No items in cart',
  accessDenied: 'Access Denied',
  noResults: 'No Results',
  noResultFound: 'No Result Found!',
} as const;

/** Our wording for the carousel and share answers the spec gives no text for. */
export const CAROUSEL_SERVER_MESSAGES = {
  carouselNotFound: 'Carousel not found.',
  titleTooLong: 'Carousel title cannot be longer than 255 characters.',
  clipNotFound: 'A selected Popclip was not found. Please select it again.',
  collectionNotFound:
    'The selected collection was not found in your store. Please select it again.',
  typeChange: 'The carousel type cannot be changed.',
  planRequired: 'Carousels are available on paid plans. Please upgrade your plan.',
  premiumRequired:
    'Collection carousels are available on the Premium plan. Please upgrade your plan.',
} as const;

/** Labels the spec quotes (spec 02 §2). */
export const POPCLIP_LABELS = {
  processing: 'Processing...',
  /** Ours (issue 14): an upload not completed in time. */
  uploadInterrupted: 'Upload interrupted',
  create: 'Create',
  uploadAnother: 'Upload Another',
  goToList: 'Go to Popclips List',
  poweredBy: 'Powered by',
  removeWatermark: 'Remove Watermark',
  collectionOverLimit: '250+ products',
  customCarousel: 'Selected by Popclip',
  collectionCarousel: 'Selected by Collection',
  bottomLeftCorner: 'Bottom Left Corner',
  customPlacement: 'Custom Placement',
  mobileTab: 'Mobile',
  desktopTab: 'Desktop',
} as const;

/**
 * Our wording where the spec gives none (server answers for what the admin's pickers already
 * prevent; recorded in docs/decisions.md).
 */
export const POPCLIP_SERVER_MESSAGES = {
  titleTooLong: 'Clip Title cannot be longer than 255 characters.',
  videoType: 'Please upload an .mp4 or .mov video.',
  thumbnailType: 'Please upload a JPEG, PNG, WebP or GIF image.',
  videoIncomplete: 'The uploaded video is incomplete. Please upload it again.',
  productUnknown: 'A tagged product was not found in your store. Please select it again.',
  notYourShop: 'You do not have access to this shop',
  notUploading: 'This clip is not waiting for an upload.',
  videoEmpty: 'The video file is empty. Please choose another video.',
  thumbnailEmpty: 'The image file is empty. Please choose another image.',
  videoNotPlayable: 'This file is not a playable video. Please upload an .mp4 or .mov video.',
  cannotReupload: 'This clip already has its video. Delete it and create a new one instead.',
  clipInterrupted:
    "This Popclip's upload was interrupted. Upload its video again from Edit before using it.",
} as const;

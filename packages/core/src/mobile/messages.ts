import { CUSTOM_FONTS } from './limits';

/** Every user-visible text of the mobile app builder, exactly as spec 03 §5 and §8 write them. */
export const MOBILE_MESSAGES = {
  required: 'This is a required field',
  invalidUrl: 'Please enter a valid URL',
  invalidHex: 'Invalid hex code, ex. #f6f6f6',
  requiredField: 'Required field',
  invalidInput: 'Please enter a valid input',
  negativeInventory: 'Please enter positive in inventory display.',
  invalidClientId: 'Please enter a valid Customer Account API Client ID',
  selectCollection: 'Please select a collection',
  completeSteps: 'Please complete all required steps',
  fillRequired: 'Please fill out all required fields',
  selectFeaturedCollection: 'Please select a featured collection before saving.',
  saved: 'Successfully saved the changes',
  saveFailed: 'Failed to save the changes. Please try again or contact support.',
  failed: 'Failed. Please try again or contact support.',
  stepSaveFailed: 'Failed to save step. Please try again or contact support.',
  planLoadFailed: 'Failed to get plan information. Please contact support.',
  submitted: 'Successfully submitted the app request.',
  submitFailed: 'Failed to submit app request. Please try again or contact support.',
  addImages: 'Please add images',
  copied: 'Copied domain name.',
  copyFailed: 'Failed to copy',
  noResults: 'Could not find any results',
  setupNotCompleted: 'Setup Not Completed',
  alreadySubmitted: 'The app request has already been submitted.',
  // Ours (the spec gives no text): server refusals that the admin's own choices make rare.
  setupLocked: 'The app request has been submitted: its setup can no longer be changed.',
  unknownFont: `Please choose one of the fonts offered: ${CUSTOM_FONTS.join(', ')}`,
  headerLogoNotImage: 'The header logo must be a gif, jpg or png image',
  accessDenied: 'Access Denied',
} as const;

/** 'Selected image must be 1536x1536'. */
export const imageSizeMessage = (width: number, height: number) =>
  `Selected image must be ${width}x${height}`;

export const clientIdSavedMessage = (id: string) => `Successfully saved the Client ID (${id}).`;
export const clientIdFailedMessage = (id: string) => `Failed to save the Client ID (${id}).`;

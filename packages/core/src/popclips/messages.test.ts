import { describe, expect, it } from 'vitest';
import {
  CLIP_LIST_PAGE_SIZE,
  CLIP_LOADER_PAGE_SIZE,
  CLIP_POLL_INTERVAL_MS,
  CLIP_SEARCH_PAGE_SIZE,
  FILE_CATEGORY,
  MAX_TAGGED_PRODUCTS,
  SEARCH_DEBOUNCE_LONG_MS,
  SEARCH_DEBOUNCE_MS,
  THUMBNAIL_MAX_BYTES_EXCLUSIVE,
  TITLE_DISPLAY_LENGTH,
  VIDEO_MAX_BYTES,
} from './constants';
import {
  POPCLIP_EMPTY_MESSAGES,
  POPCLIP_LABELS,
  POPCLIP_TOASTS,
  POPCLIP_VALIDATION_MESSAGES,
} from './messages';

// The texts are the spec's, verbatim: this list is the spec's §5 and §8, copied once more.
describe('Popclips texts', () => {
  it('validation messages', () => {
    expect(Object.values(POPCLIP_VALIDATION_MESSAGES)).toEqual([
      'Clip Title cannot be empty.',
      'Please add a video to create a new popclip.',
      'Please select at least one product to create a new popclip.',
      'Please select a custom thumbnail image to create a new popclip.',
      'You can only tag upto 5 products!',
      'Uploaded video size should be less than 100MB',
      // Ours: the spec sets no duration or resolution limit (issue 14).
      'Videos can be at most 3 minutes long.',
      'Videos can be at most 3840 pixels wide or high.',
      'Image size should not be greater than 1MB',
      'This is a required field',
      'This is not a valid TikTok reel URL',
      'The link must start with ',
      'Please enter a title for the carousel',
      'Please select at least 3 Popclips to create a carousel',
      'Please select collection to create a carousel',
    ]);
  });

  it('toasts', () => {
    expect(Object.values(POPCLIP_TOASTS)).toEqual([
      'Clip not found.',
      'Something went wrong while trying to upload clip. Please contact support.',
      'Something went wrong. Please try again in some time.',
      'An error occurred in the upload. Please try again with the correct URL.',
      'Clip successfully deleted.',
      'Something went wrong while trying to delete the clip.',
      'Failed to copy link',
      'Embed Code copied to your clipboard',
      'Error deleting carousel',
      'Failed. Please try again or contact support.',
      'Failed to create live shopping page. Please contact support.',
      'Failed to verify installation. Please contact support.',
      'Carousel deleted successfully',
      'Custom carousel changes saved',
      'Settings saved successfully.',
      'Popclips miniplayer placement is saved',
      'Featured popclips placement is saved',
    ]);
  });

  it('empty states, share limit and labels', () => {
    expect(Object.values(POPCLIP_EMPTY_MESSAGES)).toEqual([
      'No data available',
      'Data not found',
      'No Popclips found',
      'No Popclip found. Please try again with a different collection.',
      'No items in cart',
      'Access Denied',
      'No Results',
      'No Result Found!',
    ]);
    expect(POPCLIP_LABELS.processing).toBe('Processing...');
    expect(POPCLIP_LABELS.collectionOverLimit).toBe('250+ products');
  });
});

describe('Popclips constants (spec 02 §9)', () => {
  it('has the spec figures', () => {
    expect(VIDEO_MAX_BYTES).toBe(100 * 1024 * 1024);
    expect(THUMBNAIL_MAX_BYTES_EXCLUSIVE).toBe(1024 * 1024);
    expect(MAX_TAGGED_PRODUCTS).toBe(5);
    expect(TITLE_DISPLAY_LENGTH).toBe(46);
    expect([CLIP_LIST_PAGE_SIZE, CLIP_LOADER_PAGE_SIZE, CLIP_SEARCH_PAGE_SIZE]).toEqual([
      14, 12, 14,
    ]);
    expect([SEARCH_DEBOUNCE_MS, SEARCH_DEBOUNCE_LONG_MS]).toEqual([300, 1500]);
    expect(CLIP_POLL_INTERVAL_MS).toBe(8000);
    expect(FILE_CATEGORY).toBe('shopifyClips');
  });
});

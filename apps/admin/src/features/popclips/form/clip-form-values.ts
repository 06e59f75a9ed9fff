import type { ClipSourceType } from '@popstage/core/popclips';
import type { TaggedProduct } from '../shared/tagged-product';

/** What the create and edit forms hold. */
export interface ClipFormValues {
  title: string;
  source: ClipSourceType;
  sourceUrl: string;
  video: File | null;
  /** The merchant picked "custom thumbnail" rather than the frame taken from the video. */
  customThumbnail: boolean;
  thumbnail: File | null;
  products: TaggedProduct[];
  excludeFromProductPage: boolean;
  featured: boolean;
}

export const emptyClipForm = (): ClipFormValues => ({
  title: '',
  source: 'device',
  sourceUrl: '',
  video: null,
  customThumbnail: false,
  thumbnail: null,
  products: [],
  excludeFromProductPage: false,
  featured: false,
});

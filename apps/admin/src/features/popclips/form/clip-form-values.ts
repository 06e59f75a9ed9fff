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

/** Whether the form differs from what it was loaded with (the edit page's save bar). */
export function clipFormChanged(initial: ClipFormValues, values: ClipFormValues): boolean {
  const ids = (form: ClipFormValues) => form.products.map((product) => product.id).join(' ');
  return (
    values.title !== initial.title ||
    values.video !== initial.video ||
    values.thumbnail !== initial.thumbnail ||
    values.customThumbnail !== initial.customThumbnail ||
    values.excludeFromProductPage !== initial.excludeFromProductPage ||
    values.featured !== initial.featured ||
    ids(values) !== ids(initial)
  );
}

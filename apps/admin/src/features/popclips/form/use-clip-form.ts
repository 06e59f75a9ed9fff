import {
  type ClipFormField,
  type ClipSourceType,
  canTagAnotherProduct,
  clipFormIssues,
  clipTitleError,
  POPCLIP_VALIDATION_MESSAGES as M,
  thumbnailFileError,
  videoFileError,
} from '@popstage/core/popclips';
import { useCallback, useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import type { TaggedProduct } from '../shared/tagged-product';

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

export type ClipFormErrors = Partial<Record<ClipFormField, string>>;

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

interface ValidateFacts {
  /** The clip has a video without a picked file: an import URL, or the stored one (edit). */
  hasVideo: boolean;
  /** A stored custom thumbnail counts (edit). */
  hasStoredThumbnail?: boolean;
  /** Imports take no custom thumbnail (csImport has none); editing the clip can add one. */
  thumbnailAllowed?: boolean;
}

/**
 * Form state of create and edit. Every spec 02 §5 problem shows inline on its field; the first
 * one (or the file just refused) is also the toast.
 */
export function useClipForm(initial: ClipFormValues) {
  const host = useHost();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ClipFormErrors>({});

  const set = useCallback(<K extends keyof ClipFormValues>(key: K, value: ClipFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  const fail = useCallback(
    (field: ClipFormField, message: string | null) => {
      setErrors((current) => ({ ...current, [field]: message ?? undefined }));
      if (message) host.showToast(message, { error: true });
    },
    [host],
  );

  const setTitle = (title: string) => {
    set('title', title);
    if (errors.title)
      setErrors((current) => ({ ...current, title: clipTitleError(title) ?? undefined }));
  };

  const pickVideo = (file: File) => {
    const error = videoFileError(file);
    fail('video', error);
    if (!error) set('video', file);
  };

  const pickThumbnail = (file: File) => {
    const error = thumbnailFileError(file);
    fail('thumbnail', error);
    if (!error) set('thumbnail', file);
  };

  const addProduct = (product: TaggedProduct) => {
    if (values.products.some((tagged) => tagged.id === product.id)) return;
    if (!canTagAnotherProduct(values.products.length)) {
      fail('products', M.tooManyProducts);
      return;
    }
    setErrors((current) => ({ ...current, products: undefined }));
    set('products', [...values.products, product]);
  };

  const removeProduct = (id: string) => {
    setErrors((current) => ({ ...current, products: undefined }));
    set(
      'products',
      values.products.filter((product) => product.id !== id),
    );
  };

  /** True when the form can be sent; otherwise shows every issue and toasts the first. */
  const validate = ({
    hasVideo,
    hasStoredThumbnail = false,
    thumbnailAllowed = true,
  }: ValidateFacts): boolean => {
    const issues = clipFormIssues({
      title: values.title,
      hasVideo: hasVideo || values.video !== null,
      productCount: values.products.length,
      customThumbnailSelected: thumbnailAllowed && values.customThumbnail,
      hasCustomThumbnail: values.thumbnail !== null || hasStoredThumbnail,
    });
    setErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
    const first = issues[0];
    if (first) host.showToast(first.message, { error: true });
    return first === undefined;
  };

  const reset = (next: ClipFormValues) => {
    setValues(next);
    setErrors({});
  };

  return {
    values,
    errors,
    reset,
    set,
    setValues,
    setTitle,
    pickVideo,
    pickThumbnail,
    addProduct,
    removeProduct,
    validate,
  };
}

export type ClipForm = ReturnType<typeof useClipForm>;

import {
  canTagAnotherProduct,
  clipTitleSchema,
  POPCLIP_VALIDATION_MESSAGES as M,
  POPCLIP_SERVER_MESSAGES as S,
  thumbnailFileSchema,
  VIDEO_MAX_SECONDS,
  VIDEO_MAX_SIDE,
  videoFileSchema,
} from '@popstage/core/popclips';
import { useCallback, useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import type { TaggedProduct } from '../shared/tagged-product';
import type { CheckedBody, ClipFormField } from './clip-bodies';
import type { ClipFormValues } from './clip-form-values';
import { readVideoMetadata, type VideoMetadata } from './video-metadata';
import { looksLikeVideoContainer } from './video-sniff';

export type ClipFormErrors = Partial<Record<ClipFormField, string>>;

interface Schema {
  safeParse(value: unknown): { error?: { issues: readonly { message: string }[] } | undefined };
}
/** The first message of a parse, or null when the value passes. */
const firstError = (schema: Schema, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;
/** What a picker knows of a file (File's own properties are getters on its prototype). */
const fileFacts = (file: File) => ({ name: file.name, type: file.type, size: file.size });

/** The limit a video's metadata breaks (core's VIDEO_MAX_SECONDS and VIDEO_MAX_SIDE), if any. */
export function videoMetadataError(metadata: VideoMetadata): string | null {
  if (metadata.durationSeconds > VIDEO_MAX_SECONDS + 0.5) return M.videoTooLong;
  if (Math.max(metadata.width, metadata.height) > VIDEO_MAX_SIDE) return M.videoResolutionTooHigh;
  return null;
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
    if (errors.title) {
      setErrors((current) => ({
        ...current,
        title: firstError(clipTitleSchema, title) ?? undefined,
      }));
    }
  };

  /**
   * A picked video is taken only once the browser has checked it: name, type and size (an empty
   * file says so), then its first bytes (an MP4 or QuickTime container: a text file renamed .mp4
   * is refused here, before anything is uploaded), then duration and size where the browser can
   * play it. The server checks every upload again after its probe.
   */
  const pickVideo = async (file: File): Promise<void> => {
    const error = firstError(videoFileSchema, fileFacts(file));
    fail('video', error);
    if (error) return;
    if (!(await looksLikeVideoContainer(file))) {
      fail('video', S.videoNotPlayable);
      return;
    }
    const metadata = await readVideoMetadata(file);
    const tooBig = metadata && videoMetadataError(metadata);
    if (tooBig) {
      fail('video', tooBig);
      return;
    }
    setErrors((current) => ({ ...current, video: undefined }));
    set('video', file);
  };

  const pickThumbnail = (file: File) => {
    const error = firstError(thumbnailFileSchema, fileFacts(file));
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

  /**
   * The body to send, checked by the route's schema (see clip-bodies.ts); null when it has
   * problems: each shows on its field and the first is the toast.
   */
  const check = <B>({ body, issues }: CheckedBody<B>): B | null => {
    setErrors(
      Object.fromEntries(
        issues.flatMap((issue) => (issue.field ? [[issue.field, issue.message]] : [])),
      ),
    );
    const first = issues[0];
    if (first) host.showToast(first.message, { error: true });
    return body;
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
    check,
  };
}

export type ClipForm = ReturnType<typeof useClipForm>;

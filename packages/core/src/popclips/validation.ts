import {
  MAX_TAGGED_PRODUCTS,
  THUMBNAIL_EXTENSIONS,
  THUMBNAIL_MAX_BYTES_EXCLUSIVE,
  THUMBNAIL_MIME_TYPES,
  TITLE_MAX_LENGTH,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
} from './constants';
import { fileExtension } from './file-name';
import { POPCLIP_VALIDATION_MESSAGES as M, POPCLIP_SERVER_MESSAGES as S } from './messages';

/** Clip form rules (spec 02 §5). The admin checks them as the merchant edits; the server again. */

/** What a file picker knows about a file (a browser File, or fileMeta on the wire). */
export interface FileFacts {
  name: string;
  /** MIME type; browsers leave it '' when they do not know it. */
  type: string;
  size: number;
}

const includes = (list: readonly string[], value: string) => list.includes(value.toLowerCase());

/** .mp4 or .mov (by name; a known MIME type must agree), at most 100 MB. */
export function videoFileError(file: FileFacts): string | null {
  const typeOk = file.type === '' || includes(VIDEO_MIME_TYPES, file.type);
  if (!includes(VIDEO_EXTENSIONS, fileExtension(file.name)) || !typeOk) return S.videoType;
  if (file.size > VIDEO_MAX_BYTES) return M.videoTooLarge;
  return null;
}

/** JPEG, PNG, WebP or GIF, under 1 MB. */
export function thumbnailFileError(file: FileFacts): string | null {
  const typeOk = file.type === '' || includes(THUMBNAIL_MIME_TYPES, file.type);
  if (!includes(THUMBNAIL_EXTENSIONS, fileExtension(file.name)) || !typeOk) return S.thumbnailType;
  if (file.size >= THUMBNAIL_MAX_BYTES_EXCLUSIVE) return M.thumbnailTooLarge;
  return null;
}

/** The title's inline error: blank (after trimming) or longer than we store. */
export function clipTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return M.titleEmpty;
  if (Array.from(trimmed).length > TITLE_MAX_LENGTH) return S.titleTooLong;
  return null;
}

/** Tagging one more product is refused from the sixth on (spec 02 §5: up to 5). */
export function canTagAnotherProduct(taggedCount: number): boolean {
  return taggedCount < MAX_TAGGED_PRODUCTS;
}

export function taggedProductsError(count: number): string | null {
  if (count < 1) return M.productRequired;
  if (count > MAX_TAGGED_PRODUCTS) return M.tooManyProducts;
  return null;
}

export type ClipFormField = 'title' | 'video' | 'products' | 'thumbnail';
export interface ClipFormIssue {
  field: ClipFormField;
  message: string;
}

export interface ClipFormFacts {
  title: string;
  /** A picked file, an imported video URL, or (editing) the clip's stored video. */
  hasVideo: boolean;
  productCount: number;
  /** The merchant chose a custom thumbnail rather than the one taken from the video. */
  customThumbnailSelected: boolean;
  hasCustomThumbnail: boolean;
}

/** Every problem of the form in the order the spec lists them; the first one is the toast. */
export function clipFormIssues(form: ClipFormFacts): ClipFormIssue[] {
  const issues: ClipFormIssue[] = [];
  const title = clipTitleError(form.title);
  if (title) issues.push({ field: 'title', message: title });
  if (!form.hasVideo) issues.push({ field: 'video', message: M.videoRequired });
  const products = taggedProductsError(form.productCount);
  if (products) issues.push({ field: 'products', message: products });
  if (form.customThumbnailSelected && !form.hasCustomThumbnail) {
    issues.push({ field: 'thumbnail', message: M.customThumbnailRequired });
  }
  return issues;
}

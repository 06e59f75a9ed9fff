import type { RouteInput } from '@popstage/core/contract';
import {
  csImportSchema,
  csUpdateMediaSchema,
  csUploadSchema,
  displayTargetsFor,
  POPCLIP_VALIDATION_MESSAGES as M,
  type Popclip,
  type popclipsContract,
  type SocialSourceType,
  sanitizeFileName,
  taggedProductsSchema,
} from '@popstage/core/popclips';
import { toWireProduct } from '../shared/tagged-product';
import type { ClipFormValues } from './clip-form-values';
import { fileMeta } from './file-types';

/**
 * The bodies the clip form sends, and their problems as the server's own schemas find them
 * (same rules, same messages), ordered as the spec lists the fields (spec 02 §5).
 */

export type ClipFormField = 'title' | 'video' | 'products' | 'thumbnail';
export interface ClipFormIssue {
  /** The field it shows under; null when the form has no field for it (toast only). */
  field: ClipFormField | null;
  message: string;
}

export type UploadBody = RouteInput<typeof popclipsContract.csUpload>['body'];
export type UpdateBody = RouteInput<typeof popclipsContract.csUpdateMedia>['body'];
export type ImportBody = RouteInput<typeof popclipsContract.csImport>['body'];

/** What is wrong with a body; without issues, the body as the route takes it. */
export interface CheckedBody<B> {
  body: B | null;
  issues: ClipFormIssue[];
}

/** The raw body is sent as built (the server applies the defaults); the schema vouched for it. */
function checked<B>(raw: object, issues: ClipFormIssue[]): CheckedBody<B> {
  const ordered = orderIssues(issues);
  return { body: ordered.length === 0 ? (raw as B) : null, issues: ordered };
}

const FIELD_ORDER: readonly (ClipFormField | null)[] = [
  'title',
  'video',
  'products',
  'thumbnail',
  null,
];

/** The request field an issue's path names, as a form field. */
const FIELD_OF: Record<string, ClipFormField> = {
  videoTitle: 'title',
  title: 'title',
  fileName: 'video',
  fileMeta: 'video',
  products: 'products',
  customThumbnailImage: 'thumbnail',
};

interface SafeParse {
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}

/** A parse's issues on the form's fields (`field` puts them all on one). */
export function bodyIssues(result: SafeParse, field?: ClipFormField): ClipFormIssue[] {
  return (result.error?.issues ?? []).map((issue) => ({
    field:
      field ??
      issue.path.map((key) => FIELD_OF[String(key)]).find((found) => found !== undefined) ??
      null,
    message: issue.message,
  }));
}

/** One issue per field (its first), in the spec's field order; the first is the toast. */
export function orderIssues(issues: readonly ClipFormIssue[]): ClipFormIssue[] {
  return FIELD_ORDER.flatMap((field) => {
    const first = issues.find((issue) => issue.field === field);
    return first ? [first] : [];
  });
}

function metaData(values: ClipFormValues, storefrontOrigin: string) {
  return {
    videoTitle: values.title.trim(),
    products: values.products.map((p) => toWireProduct(p, storefrontOrigin)),
    featured: values.featured,
    display: displayTargetsFor(values.excludeFromProductPage),
  };
}

/** The custom thumbnail chosen and none given: no request field says it was chosen. */
function missingThumbnail(values: ClipFormValues): ClipFormIssue[] {
  return values.customThumbnail && values.thumbnail === null
    ? [{ field: 'thumbnail', message: M.customThumbnailRequired }]
    : [];
}

/** csUpload of a device video. */
export function uploadBody(
  values: ClipFormValues,
  storefrontOrigin: string,
): CheckedBody<UploadBody> {
  const { video } = values;
  const thumbnail = values.customThumbnail ? values.thumbnail : null;
  const body = {
    fileName: video ? sanitizeFileName(video.name, 'video') : null,
    fileMeta: video ? fileMeta(video) : null,
    customThumbnailImage: thumbnail ? fileMeta(thumbnail) : null,
    metaData: { ...metaData(values, storefrontOrigin), clipSourceType: 'device' },
  };
  return checked(body, [
    ...bodyIssues(csUploadSchema.safeParse(body)),
    ...missingThumbnail(values),
  ]);
}

/**
 * csUpdateMedia of a stored clip. updateMedia says a new custom thumbnail follows: one picked, or
 * one chosen where the clip has none (then the schema asks for it).
 */
export function updateBody(
  clip: Popclip,
  values: ClipFormValues,
  storefrontOrigin: string,
): CheckedBody<UpdateBody> {
  const stored = clip.metaData.customThumbnailImageURL !== null;
  const thumbnail = values.customThumbnail ? values.thumbnail : null;
  const body = {
    id: clip.id,
    metaIdentifier: clip.metaIdentifier,
    metaData: metaData(values, storefrontOrigin),
    updateMedia: values.customThumbnail && (thumbnail !== null || !stored),
    customThumbnailImage: thumbnail ? fileMeta(thumbnail) : null,
  };
  return checked(body, bodyIssues(csUpdateMediaSchema.safeParse(body)));
}

/** csImport of an Instagram or TikTok post; the form asks for products as for any new clip. */
export function importBody(
  values: ClipFormValues,
  source: SocialSourceType,
  storefrontOrigin: string,
): CheckedBody<ImportBody> {
  const { videoTitle, products, featured, display } = metaData(values, storefrontOrigin);
  const body = {
    sourceType: source,
    url: values.sourceUrl.trim(),
    title: videoTitle,
    products,
    featured,
    display,
  };
  return checked(body, [
    ...bodyIssues(csImportSchema.safeParse(body)),
    ...bodyIssues(taggedProductsSchema.safeParse(products), 'products'),
  ]);
}

import { z } from 'zod';
import {
  CLIP_LOADER_PAGE_SIZE,
  CLIP_SEARCH_PAGE_SIZE,
  FILE_CATEGORY,
  MAX_TAGGED_PRODUCTS,
  THUMBNAIL_EXTENSIONS,
  THUMBNAIL_MAX_BYTES_EXCLUSIVE,
  THUMBNAIL_MIME_TYPES,
  TITLE_MAX_LENGTH,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
} from './constants';
import { DISPLAY_TARGETS } from './display';
import { fileExtension } from './file-name';
import { POPCLIP_VALIDATION_MESSAGES as M, POPCLIP_SERVER_MESSAGES as S } from './messages';
import {
  CLIP_SOURCE_TYPES,
  DEFAULT_CLIP_SOURCE_TYPE,
  type SocialSourceType,
  sourceUrlError,
} from './source-url';

/** Request bodies of the media gallery calls (spec 02 §7), validated on both sides. */

const id = z.string().trim().min(1).max(255);
const url = z.url().max(2048);

export const clipTitleSchema = z
  .string({ error: M.titleEmpty })
  .trim()
  .min(1, M.titleEmpty)
  .max(TITLE_MAX_LENGTH, S.titleTooLong);

export const popclipProductSchema = z.object({
  shopifyProductId: id,
  shopifyProductHandle: z.string().trim().min(1).max(255),
  shopifyProductUrl: url,
  defaultImage: url.nullable(),
});

export const taggedProductsSchema = z
  .array(popclipProductSchema, { error: M.productRequired })
  .min(1, M.productRequired)
  .max(MAX_TAGGED_PRODUCTS, M.tooManyProducts);

/** What the browser says of the file; the server checks the bytes again after upload. */
export const videoFileMetaSchema = z.object({
  type: z.enum(VIDEO_MIME_TYPES, { error: S.videoType }),
  size: z.number().int().min(1, S.videoEmpty).max(VIDEO_MAX_BYTES, M.videoTooLarge),
});

export const thumbnailFileMetaSchema = z.object({
  type: z.enum(THUMBNAIL_MIME_TYPES, { error: S.thumbnailType }),
  size: z
    .number()
    .int()
    .min(1, S.thumbnailEmpty)
    .lt(THUMBNAIL_MAX_BYTES_EXCLUSIVE, M.thumbnailTooLarge),
});

const hasExtension = (extensions: readonly string[]) => (name: string) =>
  extensions.includes(fileExtension(name));
/** A MIME type as a browser tells it: '' when it does not know (the extension decides then). */
const browserType = (types: readonly string[], message: string) =>
  z
    .string()
    .toLowerCase()
    .refine((type) => type === '' || types.includes(type), message);

/**
 * A video as the merchant picks it (spec 02 §5): .mp4 or .mov by name, a video type, and the
 * size csUpload's fileMeta accepts. The admin checks a picked file with it at once.
 */
export const videoFileSchema = z.object({
  name: z.string().refine(hasExtension(VIDEO_EXTENSIONS), S.videoType),
  type: browserType(VIDEO_MIME_TYPES, S.videoType),
  size: videoFileMetaSchema.shape.size,
});

/** A custom thumbnail as picked: JPEG, PNG, WebP or GIF, and under 1 MB (customThumbnailImage). */
export const thumbnailFileSchema = z.object({
  name: z.string().refine(hasExtension(THUMBNAIL_EXTENSIONS), S.thumbnailType),
  type: browserType(THUMBNAIL_MIME_TYPES, S.thumbnailType),
  size: thumbnailFileMetaSchema.shape.size,
});

export const displayTargetsSchema = z.array(z.enum(DISPLAY_TARGETS)).max(DISPLAY_TARGETS.length);

export const clipMetaDataInputSchema = z
  .object({
    videoTitle: clipTitleSchema,
    products: taggedProductsSchema,
    featured: z.boolean().default(false),
    display: displayTargetsSchema.default([...DISPLAY_TARGETS]),
    isPrivate: z.boolean().default(false),
    clipSourceType: z.enum(CLIP_SOURCE_TYPES).default(DEFAULT_CLIP_SOURCE_TYPE),
    clipSourceUrl: z.string().trim().max(2048).nullish(),
    /** The imported video (Instagram or TikTok); device uploads send the file instead. */
    videoURL: url.nullish(),
  })
  .superRefine((meta, ctx) => {
    if (meta.clipSourceType === 'device') return;
    const error = sourceUrlError(meta.clipSourceType, meta.clipSourceUrl ?? '');
    if (error) ctx.addIssue({ code: 'custom', path: ['clipSourceUrl'], message: error });
    if (!meta.videoURL) {
      ctx.addIssue({ code: 'custom', path: ['videoURL'], message: M.videoRequired });
    }
  });

/** /listMediabyID: a page of the seller's clips, newest first, resumed from lastEvaluatedKey. */
export const listMediaByIdSchema = z.object({
  id,
  pageSize: z.number().int().min(1).max(100).default(CLIP_LOADER_PAGE_SIZE),
  fileCategory: z.literal(FILE_CATEGORY).default(FILE_CATEGORY),
  lastEvaluatedKey: z.string().max(1024).nullish(),
});

/**
 * GET /api/popclips/search (spec 02 §7 "search popclips by keyword and page", size 14): the
 * shop's clips whose title contains searchValue, newest first; page counts from 1.
 */
export const searchPopclipsQuerySchema = z.object({
  shopifyDomain: id,
  searchValue: z.string().trim().max(255).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(CLIP_SEARCH_PAGE_SIZE),
});

/** /listMediabyTypeAndMetaId: the clips with these metaIdentifiers (the edit page reads data[0]). */
export const listMediaByTypeAndMetaIdSchema = z.object({
  fileCategory: z.literal(FILE_CATEGORY),
  metaIds: z.array(id).min(1).max(100),
  sellerId: id,
});

/**
 * /csUpload: creates the clip and answers signed PUT URLs. Device uploads send the video's
 * fileName and fileMeta; imports send metaData.videoURL and no file.
 */
export const csUploadSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255).nullish(),
    fileMeta: videoFileMetaSchema.nullish(),
    customThumbnailImage: thumbnailFileMetaSchema.nullish(),
    metaData: clipMetaDataInputSchema,
  })
  .superRefine((body, ctx) => {
    if (body.metaData.clipSourceType === 'device' && (!body.fileName || !body.fileMeta)) {
      ctx.addIssue({ code: 'custom', path: ['fileMeta'], message: M.videoRequired });
    }
  });
export type CsUploadBody = z.infer<typeof csUploadSchema>;

/**
 * Ours: POST /api/media/csReupload. A failed, interrupted or unfinished device upload gets a new
 * signed PUT URL for a new video (then csUploadComplete as after csUpload).
 */
export const csReuploadSchema = z.object({
  metaIdentifier: id,
  fileName: z.string().trim().min(1).max(255),
  fileMeta: videoFileMetaSchema,
});
export type CsReuploadBody = z.infer<typeof csReuploadSchema>;

/** Ours: the admin reports that its PUTs finished, and processing starts. */
export const csUploadCompleteSchema = z.object({ metaIdentifier: id });

/**
 * /csUpdateMedia: edits a clip. updateMedia true means a new custom thumbnail follows (its
 * signed URL is in the answer), described by customThumbnailImage.
 */
export const csUpdateMediaSchema = z
  .object({
    id,
    metaIdentifier: id,
    metaData: z.object({
      videoTitle: clipTitleSchema,
      products: taggedProductsSchema,
      featured: z.boolean(),
      display: displayTargetsSchema,
    }),
    updateMedia: z.boolean().default(false),
    customThumbnailImage: thumbnailFileMetaSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.updateMedia && !body.customThumbnailImage) {
      ctx.addIssue({
        code: 'custom',
        path: ['customThumbnailImage'],
        message: M.customThumbnailRequired,
      });
    }
  });
export type CsUpdateMediaBody = z.infer<typeof csUpdateMediaSchema>;

export const csDeleteMediaSchema = z.object({ id, metaIdentifier: id });

const SOCIAL_SOURCES = ['instagram', 'tiktok'] as const satisfies readonly SocialSourceType[];

/**
 * Ours: POST /api/media/csImport. The server reads the public post, stores its video and
 * processes it like an upload. Title and products may follow with csUpdateMedia.
 */
export const csImportSchema = z
  .object({
    sourceType: z.enum(SOCIAL_SOURCES),
    url: z.string({ error: M.sourceUrlRequired }).trim().max(2048),
    title: clipTitleSchema.optional(),
    products: z.array(popclipProductSchema).max(MAX_TAGGED_PRODUCTS, M.tooManyProducts).default([]),
    featured: z.boolean().default(false),
    display: displayTargetsSchema.default([...DISPLAY_TARGETS]),
  })
  .superRefine((body, ctx) => {
    const error = sourceUrlError(body.sourceType, body.url);
    if (error) ctx.addIssue({ code: 'custom', path: ['url'], message: error });
  });
export type CsImportBody = z.infer<typeof csImportSchema>;

/** POST /api/shopify/shop/featured-popclip: a clip's metaIdentifier, or null to clear. */
export const featuredPopclipBodySchema = z.object({ popclip_id: id.nullable() });

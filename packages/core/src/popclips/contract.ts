import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import {
  csDeleteMediaSchema,
  csImportSchema,
  csReuploadSchema,
  csUpdateMediaSchema,
  csUploadCompleteSchema,
  csUploadSchema,
  featuredPopclipBodySchema,
  listMediaByIdSchema,
  listMediaByTypeAndMetaIdSchema,
  searchPopclipsQuerySchema,
} from './api';
import { DISPLAY_TARGETS } from './display';
import { CLIP_SOURCE_TYPES } from './source-url';
import { POPCLIP_STATUSES } from './status';

/**
 * The media gallery calls of spec 02 §7 (docs/api.md "Popclips media"): request bodies from
 * ./api, the answers here. Field names as the spec spells them.
 */

/** A tagged product as stored on a clip. */
const storedProductSchema = z.object({
  shopifyProductId: z.string(),
  shopifyProductHandle: z.string(),
  shopifyProductUrl: z.string(),
  /** Image URL, null when the product has none. */
  defaultImage: z.string().nullable(),
  /** Snapshot taken by the server when the product was tagged. */
  title: z.string().optional(),
  /** Decimal string, the product's lowest price. */
  amount: z.string().optional(),
  currencyCode: z.string().optional(),
});
export type PopclipProduct = z.infer<typeof storedProductSchema>;

const popclipMetaDataSchema = z.object({
  videoTitle: z.string(),
  products: z.array(storedProductSchema),
  /** The thumbnail shown: the custom one when set, else the one taken from the video. */
  thumbnailURL: z.string().nullable(),
  processedURL: z.string().nullable(),
  customThumbnailImageURL: z.string().nullable(),
  defaultThumbnailImageURL: z.string().nullable(),
  /** The uploaded (or imported) original. */
  videoURL: z.string().nullable(),
  gifURL: z.string().nullable(),
  /** The media type; always 'video' for clips. */
  type: z.string(),
  featured: z.boolean(),
  status: z.enum(POPCLIP_STATUSES),
  display: z.array(z.enum(DISPLAY_TARGETS)),
  isPrivate: z.boolean(),
  shopifyDomain: z.string(),
  sellerId: z.string().nullable(),
  clipSourceUrl: z.string().nullable(),
  clipSourceType: z.enum(CLIP_SOURCE_TYPES),
});

/** A clip (media item). Views and likes are derived, shown per the shop's settings and plan. */
const popclipSchema = z.object({
  id: z.string(),
  metaIdentifier: z.string(),
  /** Where the processed video is served from (CDN or signed local URL). */
  cdnUrl: z.string().nullable(),
  status: z.enum(POPCLIP_STATUSES),
  metaData: popclipMetaDataSchema,
  /** Why processing failed (status 'failed'), written for the merchant; else null. */
  failureReason: z.string().nullable(),
  /** Seconds, width and height of the playable video once known. */
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  clipViews: z.number(),
  clipLikes: z.number(),
  showViews: z.boolean(),
  showLikes: z.boolean(),
});
export type Popclip = z.infer<typeof popclipSchema>;

/** A page of the seller's clips. */
const listMediaResponseSchema = z.object({
  data: z.array(popclipSchema),
  /** Cursor of the next page; null on the last one. */
  lastEvaluatedKey: z.string().nullable(),
});
export type ListMediaResponse = z.infer<typeof listMediaResponseSchema>;

const csUploadResponseSchema = z.object({
  /** Signed PUT URL for the video. */
  uploadFileUrl: z.string(),
  /** Signed PUT URL for the custom thumbnail announced, else null. */
  uploadCustomThumbnailUrl: z.string().nullable(),
  clip: popclipSchema,
});

/** A page of a title search. */
const searchPopclipsResponseSchema = z.object({
  data: z.array(popclipSchema),
  page: z.number(),
  hasNextPage: z.boolean(),
});

const csUpdateMediaResponseSchema = z.object({
  item: popclipSchema,
  /** Signed PUT URL for the replacement thumbnail (updateMedia), else null. */
  uploadCustomThumbnailUrl: z.string().nullable(),
});

const oneClip = z.object({ clip: popclipSchema });

export const popclipsContract = {
  listMediaById: defineRoute({
    method: 'POST',
    path: '/api/media/listMediabyID',
    body: listMediaByIdSchema,
    response: listMediaResponseSchema,
    summary: "A page of the seller's clips, newest first, resumed from lastEvaluatedKey",
  }),
  searchPopclips: defineRoute({
    method: 'GET',
    path: '/api/popclips/search',
    query: searchPopclipsQuerySchema,
    response: searchPopclipsResponseSchema,
    summary: "A page (size 14) of the shop's clips whose title contains searchValue, newest first",
  }),
  listMediaByMetaIds: defineRoute({
    method: 'POST',
    path: '/api/media/listMediabyTypeAndMetaId',
    body: listMediaByTypeAndMetaIdSchema,
    response: dataAnswer(z.array(popclipSchema)),
    summary: 'The clips with these metaIdentifiers, in that order (404 when none)',
  }),
  csUpload: defineRoute({
    method: 'POST',
    path: '/api/media/csUpload',
    body: csUploadSchema,
    response: csUploadResponseSchema,
    status: 201,
    summary: 'Create a device clip (uploading) and sign the PUTs of its video and thumbnail',
  }),
  csUploadComplete: defineRoute({
    method: 'POST',
    path: '/api/media/csUploadComplete',
    body: csUploadCompleteSchema,
    response: oneClip,
    summary: 'The PUTs finished: check the stored objects and queue processing',
  }),
  csReupload: defineRoute({
    method: 'POST',
    path: '/api/media/csReupload',
    body: csReuploadSchema,
    response: z.object({ uploadFileUrl: z.string(), clip: popclipSchema }),
    summary: 'Sign a new video PUT for a failed, interrupted or unfinished device upload',
  }),
  csImport: defineRoute({
    method: 'POST',
    path: '/api/media/csImport',
    body: csImportSchema,
    response: oneClip,
    status: 201,
    summary: 'Import an Instagram or TikTok post as a clip (basic level and above)',
  }),
  csUpdateMedia: defineRoute({
    method: 'POST',
    path: '/api/media/csUpdateMedia',
    body: csUpdateMediaSchema,
    response: csUpdateMediaResponseSchema,
    summary: "Edit a clip's title, products, display targets, featured flag or thumbnail",
  }),
  csDeleteMedia: defineRoute({
    method: 'POST',
    path: '/api/media/csDeleteMedia',
    body: csDeleteMediaSchema,
    response: z.object({
      success: z.literal(true),
      metaIdentifier: z.string(),
      /** Published custom carousels left under 3 clips, unpublished by the delete. */
      unpublishedCarousels: z.array(
        z.object({ carousel_id: z.string(), carousel_title: z.string() }),
      ),
    }),
    summary: 'Delete a clip and its stored media; unpublishes carousels left under 3 clips',
  }),
  featuredPopclip: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/featured-popclip',
    body: featuredPopclipBodySchema,
    response: z.object({
      success: z.literal(true),
      data: z.object({ featuredPopclipId: z.string().nullable() }),
    }),
    summary: "Set or clear the shop's featured clip",
  }),
};

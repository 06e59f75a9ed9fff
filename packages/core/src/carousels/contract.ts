import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import {
  CAROUSEL_SERVER_MESSAGES as C,
  POPCLIP_VALIDATION_MESSAGES as M,
} from '../popclips/messages';
import { CAROUSEL_TYPES, carouselFormError } from './rules';

/** Carousel calls of spec 02 §7 (docs/api.md "Carousels, settings, share links"). */

const id = z.string().trim().min(1).max(255);

/** Longest carousel title stored (ours: the spec sets none). */
export const CAROUSEL_TITLE_MAX_LENGTH = 255;
/** Clips one carousel may hold (ours: a bound for the server). */
export const CAROUSEL_MAX_CLIPS = 100;

const distinctIds = z
  .array(id)
  .max(CAROUSEL_MAX_CLIPS)
  .transform((ids) => [...new Set(ids)]);

const carouselFields = {
  customer_id: id,
  carousel_title: z
    .string({ error: M.carouselTitleEmpty })
    .trim()
    .min(1, M.carouselTitleEmpty)
    .max(CAROUSEL_TITLE_MAX_LENGTH, C.titleTooLong),
  carousel_type: z.enum(CAROUSEL_TYPES),
  /** Clip metaIdentifiers ('custom') or [the collection GID] ('collection'). */
  carousel_type_ids: distinctIds.default([]),
  sorted_popclips_ids: distinctIds.optional(),
  is_published: z.boolean().optional(),
};

type CarouselFields = z.infer<z.ZodObject<typeof carouselFields>>;

/** The spec's form rules (title, 3 clips, one collection) as validation issues. */
function carouselRules(body: CarouselFields, ctx: z.core.$RefinementCtx<CarouselFields>) {
  const error = carouselFormError({
    title: body.carousel_title,
    type: body.carousel_type,
    typeIds: body.carousel_type_ids,
  });
  if (error) ctx.addIssue({ code: 'custom', path: ['carousel_type_ids'], message: error });
}

/** POST /api/popclips/carousels (a carousel_id sent is ignored: the server assigns it). */
export const carouselCreateSchema = z
  .object({ ...carouselFields, carousel_id: z.string().max(255).nullish() })
  .superRefine(carouselRules);
export type CarouselCreateBody = z.infer<typeof carouselCreateSchema>;

/** PUT /api/popclips/carousels. */
export const carouselUpdateSchema = z
  .object({ ...carouselFields, carousel_id: id })
  .superRefine(carouselRules);
export type CarouselUpdateBody = z.infer<typeof carouselUpdateSchema>;

const publishSchema = z.object({ customer_id: id, is_published: z.boolean().default(true) });
/** customerId, when sent, must be the session's shop (checked by the server). */
const customerQuery = z.object({ customerId: id.optional() });
const carouselParams = z.object({ carousel_id: id });

export const carouselSchema = z.object({
  carousel_id: z.string(),
  /** The shop domain. */
  customer_id: z.string(),
  carousel_title: z.string(),
  carousel_type: z.enum(CAROUSEL_TYPES),
  /** Clip ids, or a single collection id. */
  carousel_type_ids: z.array(z.string()),
  sorted_popclips_ids: z.array(z.string()),
  is_published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Carousel = z.infer<typeof carouselSchema>;

/** How a carousel goes on a storefront page. */
export const carouselEmbedSchema = z.object({
  carousel_id: z.string(),
  /** Paste into any theme section or page; the widget (app embed) renders it. */
  html: z.string(),
  /** The theme app block that does the same from the theme editor. */
  themeBlock: z.object({
    extension: z.literal('popstage'),
    block: z.literal('carousel'),
    settings: z.object({ carousel_id: z.string() }),
  }),
  /** The Popstage app embed must be on for either to render. */
  requiresAppEmbed: z.literal(true),
});
export type CarouselEmbed = z.infer<typeof carouselEmbedSchema>;

const oneCarousel = dataAnswer(carouselSchema);

export const carouselsContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/popclips/carousels',
    query: customerQuery,
    response: dataAnswer(z.array(carouselSchema)),
    summary: "The shop's carousels",
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/popclips/carousels/:carousel_id',
    params: carouselParams,
    response: oneCarousel,
    summary: 'One carousel',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/popclips/carousels',
    body: carouselCreateSchema,
    response: oneCarousel,
    status: 201,
    summary: 'Create a carousel',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/popclips/carousels',
    body: carouselUpdateSchema,
    response: oneCarousel,
    summary: 'Edit a carousel',
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/api/popclips/carousels/:carousel_id/publish',
    params: carouselParams,
    body: publishSchema,
    response: oneCarousel,
    summary: 'Publish or unpublish a carousel',
  }),
  embed: defineRoute({
    method: 'GET',
    path: '/api/popclips/carousels/:carousel_id/embed',
    params: carouselParams,
    response: dataAnswer(carouselEmbedSchema),
    summary: 'The storefront snippet and theme block of a carousel',
  }),
  collectionClips: defineRoute({
    method: 'GET',
    path: '/api/popclips/carousels/collection-clips',
    query: z.object({ collectionId: id }),
    response: dataAnswer(z.array(z.string())),
    summary:
      'The Popclips (metaIdentifiers, newest first) a collection carousel of this collection shows',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/popclips/carousels/:carousel_id',
    params: carouselParams,
    query: customerQuery,
    response: z.object({ success: z.literal(true), carousel_id: z.string() }),
    summary: 'Delete a carousel',
  }),
};

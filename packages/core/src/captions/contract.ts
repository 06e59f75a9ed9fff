import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import {
  CAPTION_LABEL_MAX,
  CAPTION_LANGUAGE,
  CAPTION_MAX_BYTES,
  CAPTION_MESSAGES as M,
  parseWebVtt,
} from './webvtt';

const params = z.object({ metaIdentifier: z.string().min(1).max(100) });
const languageParams = params.extend({
  language: z.string().regex(CAPTION_LANGUAGE, M.language),
});

export const captionSchema = z.object({
  language: z.string(),
  label: z.string(),
  /** Signed URL of the .vtt file. */
  url: z.string(),
});

export const captionBodySchema = z
  .object({
    label: z.string().trim().min(1, M.label).max(CAPTION_LABEL_MAX, M.label),
    /** The file's text; the admin reads the chosen .vtt file. */
    vtt: z
      .string()
      .max(CAPTION_MAX_BYTES, M.tooLarge)
      .superRefine((text, ctx) => {
        const parsed = parseWebVtt(text);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
  })
  .strict();
export type CaptionBody = z.infer<typeof captionBodySchema>;

/** A clip's captions, one WebVTT file per language (issue 19), edited in the clip form. */
export const captionsContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/popclips/:metaIdentifier/captions',
    params,
    response: dataAnswer(z.array(captionSchema)),
    summary: "The clip's captions, one per language",
  }),
  put: defineRoute({
    method: 'PUT',
    path: '/api/popclips/:metaIdentifier/captions/:language',
    params: languageParams,
    body: captionBodySchema,
    response: dataAnswer(captionSchema),
    summary: 'Adds or replaces the captions of one language (WebVTT text)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/popclips/:metaIdentifier/captions/:language',
    params: languageParams,
    response: dataAnswer(z.object({ language: z.string() })),
    summary: 'Removes the captions of one language',
  }),
};

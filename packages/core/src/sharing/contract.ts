import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';

/** Share links (spec 02 §2 Share modal, §6, §7) and the public share page. */

const id = z.string().trim().min(1).max(255);

const SHARE_STATES = ['generated', 'can_generate', 'limit_reached'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** GET /api/shopify/shop/popclips/share-gating?metaIdentifier= (the share modal's clip). */
const shareGatingQuerySchema = z.object({ metaIdentifier: id.optional() });

/** POST /api/shopify/shop/popclips/share-gating { metaIdentifier }: the clip's link, made once. */
const shareLinkBodySchema = z.object({ metaIdentifier: id });

/** The shop's share metadata: max_share -1 means unlimited. */
const shareGatingSchema = z.object({
  /** metaIdentifiers of the clips that have a link. */
  clips_shared: z.array(z.string()),
  max_share: z.number(),
  total_share: z.number(),
});
export type ShareGatingWire = z.infer<typeof shareGatingSchema>;

/** A clip's share link. */
const shareLinkSchema = z.object({
  metaIdentifier: z.string(),
  /** The public page's code: /s/{code}. */
  code: z.string(),
  url: z.string(),
  /** A 400x700 iframe of the share page (spec 02 §9 embed size). */
  embedCode: z.string(),
  createdAt: z.string(),
});
export type ShareLinkWire = z.infer<typeof shareLinkSchema>;

/** share-gating answers: the shop's share metadata, plus the asked clip's state and link. */
const shareGatingResponseSchema = shareGatingSchema.extend({
  state: z.enum(SHARE_STATES).nullable(),
  link: shareLinkSchema.nullable(),
});
export type ShareGatingResponse = z.infer<typeof shareGatingResponseSchema>;

const gatingAnswer = dataAnswer(shareGatingResponseSchema);

export const sharingContract = {
  gating: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/popclips/share-gating',
    query: shareGatingQuerySchema,
    response: gatingAnswer,
    summary: "The shop's share metadata, with the asked clip's state and link",
  }),
  share: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/popclips/share-gating',
    body: shareLinkBodySchema,
    response: gatingAnswer,
    status: 201,
    summary:
      "The clip's link, made the first time (201); a repeat answers the same link with 200. 403 past the month's limit",
  }),
  /** Public (no token), rate limited; answers HTML (404 HTML for an unknown or unserved code). */
  page: defineRoute({
    method: 'GET',
    path: '/s/:code',
    params: z.object({ code: z.string().max(256) }),
    response: z.string(),
    summary: 'The public page of a shared clip (text/html; anyone may frame it)',
  }),
  sitemap: defineRoute({
    method: 'GET',
    path: '/s/sitemaps/:shop/videos.xml',
    params: z.object({ shop: z.string().max(255) }),
    response: z.string(),
    summary: "A shop's video sitemap: its shared clips' watch pages (application/xml)",
  }),
};

import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';

/**
 * The help center (spec 02 §2 "Help center", §7): categories, sections and published articles
 * (drafts never leave the server), a search by title and body, and one article's page.
 */

/** Longest search the server takes; longer text finds nothing a shorter one would not. */
export const HELP_SEARCH_MAX = 200;
/** Articles one search answers (the best first). */
export const HELP_SEARCH_LIMIT = 50;

const helpCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});
const helpSectionSchema = z.object({ id: z.string(), categoryId: z.string(), name: z.string() });
const helpArticleSummarySchema = z.object({
  id: z.string(),
  sectionId: z.string(),
  title: z.string(),
  /** The start of the body as plain text, for search results. */
  excerpt: z.string(),
});
const helpArticleSchema = helpArticleSummarySchema.extend({
  categoryId: z.string(),
  /** Sanitised on the server: no scripts, no event handlers, no frames. */
  bodyHtml: z.string(),
  updatedAt: z.string(),
});

export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;
export type HelpArticle = z.infer<typeof helpArticleSchema>;

const helpCenterSchema = z.object({
  categories: z.array(helpCategorySchema),
  sections: z.array(helpSectionSchema),
  articles: z.array(helpArticleSummarySchema),
});
export type HelpCenterTree = z.infer<typeof helpCenterSchema>;

export const helpCenterContract = {
  tree: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/help-center',
    response: dataAnswer(helpCenterSchema),
    summary: 'The help center: categories, sections and published articles, each in its order',
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/help-center/search',
    query: z.object({ query: z.string().trim().min(1).max(HELP_SEARCH_MAX) }),
    response: dataAnswer(z.array(helpArticleSummarySchema)),
    summary: 'Published articles whose title or body holds every word of the query',
  }),
  article: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/help-center/articles/:articleId',
    params: z.object({ articleId: z.string().min(1).max(200) }),
    response: dataAnswer(helpArticleSchema),
    summary: 'One published article (404 for a draft or an unknown id)',
  }),
};

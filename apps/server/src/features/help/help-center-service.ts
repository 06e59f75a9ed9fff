import {
  HELP_SEARCH_LIMIT,
  type HelpArticle,
  type HelpArticleSummary,
  type HelpCenterTree,
  HELP_CENTER_MESSAGES as M,
} from '@popstage/core/help';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import { htmlToText, sanitizeHtml } from '../../http/sanitize-html';
import {
  type HelpCenterArticle,
  type HelpCenterContent,
  HelpCenterError,
  type HelpCenterReader,
} from '../../platform/help/port';
import type { Tenant } from '../../tenant';

const EXCERPT_LENGTH = 180;

type Deps = Pick<AppDeps, 'helpCenter'>;

/** The shop reads as its messaging identity (the same as the support widget's). */
function readerOf(tenant: Tenant): HelpCenterReader {
  const { shop } = tenant;
  return {
    externalId: shop.shopifyDomain,
    name: shop.ownerName || shop.shopName,
    email: shop.ownerEmail,
  };
}

/** What the merchant may see: published articles, and the sections and categories that hold one. */
async function published(deps: Deps, tenant: Tenant): Promise<HelpCenterContent> {
  let content: HelpCenterContent;
  try {
    content = await deps.helpCenter.content(readerOf(tenant));
  } catch (error) {
    // The service's failures are the merchant's to retry; anything else is ours and is logged.
    if (error instanceof HelpCenterError) throw new HttpError(503, M.unavailable);
    throw error;
  }
  const categories = [...content.categories].sort((a, b) => a.position - b.position);
  const categoryRank = new Map(categories.map((c, i) => [c.id, i]));
  const sections = [...content.sections].sort(
    (a, b) =>
      (categoryRank.get(a.categoryId) ?? -1) - (categoryRank.get(b.categoryId) ?? -1) ||
      a.position - b.position,
  );
  const sectionRank = new Map(sections.map((s, i) => [s.id, i]));
  // Articles in the reading order: by category, then section, then their own position.
  const articles = content.articles
    .filter((a) => !a.draft && sectionRank.has(a.sectionId))
    .sort(
      (a, b) =>
        (sectionRank.get(a.sectionId) ?? 0) - (sectionRank.get(b.sectionId) ?? 0) ||
        a.position - b.position ||
        a.title.localeCompare(b.title),
    );
  const shownSections = sections.filter((s) => articles.some((a) => a.sectionId === s.id));
  const shownCategories = categories.filter((c) =>
    shownSections.some((s) => s.categoryId === c.id),
  );
  return { categories: shownCategories, sections: shownSections, articles };
}

function summary(article: HelpCenterArticle): HelpArticleSummary {
  const text = htmlToText(article.body);
  return {
    id: article.id,
    sectionId: article.sectionId,
    title: article.title,
    excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text,
  };
}

export async function helpCenterTree(deps: Deps, tenant: Tenant): Promise<HelpCenterTree> {
  const content = await published(deps, tenant);
  return {
    categories: content.categories.map(({ id, name, description }) => ({ id, name, description })),
    sections: content.sections.map(({ id, categoryId, name }) => ({ id, categoryId, name })),
    articles: content.articles.map(summary),
  };
}

/**
 * Articles holding every word of the query in their title or body (case and accents aside);
 * those with every word in the title come first.
 */
export async function searchHelpArticles(
  deps: Deps,
  tenant: Tenant,
  query: string,
): Promise<HelpArticleSummary[]> {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const { articles } = await published(deps, tenant);
  const scored = articles.flatMap((article) => {
    const title = fold(article.title);
    const text = `${title} ${fold(htmlToText(article.body))}`;
    if (!words.every((w) => text.includes(w))) return [];
    return [{ article, inTitle: words.every((w) => title.includes(w)) }];
  });
  return scored
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle))
    .slice(0, HELP_SEARCH_LIMIT)
    .map(({ article }) => summary(article));
}

export async function readHelpArticle(
  deps: Deps,
  tenant: Tenant,
  articleId: string,
): Promise<HelpArticle> {
  const content = await published(deps, tenant);
  const article = content.articles.find((a) => a.id === articleId);
  const section = article && content.sections.find((s) => s.id === article.sectionId);
  if (!article || !section) throw notFound(M.articleNotFound);
  return {
    ...summary(article),
    categoryId: section.categoryId,
    bodyHtml: sanitizeHtml(article.body),
    updatedAt: article.updatedAt,
  };
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

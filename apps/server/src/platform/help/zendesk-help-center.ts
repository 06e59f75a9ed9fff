import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  type HelpCenter,
  type HelpCenterContent,
  HelpCenterError,
  type HelpCenterReader,
} from './port';
import { signZendeskToken } from './zendesk-token';

/** What one list call asks for (spec 02 §7: per_page 1000); next_page is followed past it. */
export const ZENDESK_PAGE_SIZE = 1000;
/** How long a shop's copy of the help center is kept before Zendesk is asked again. */
const CACHE_TTL_MS = 5 * 60_000;

export interface ZendeskHelpCenterOptions {
  /** The Zendesk account, e.g. https://popstage.zendesk.com */
  baseUrl: string;
  locale: string;
  keys: { keyId: string; sharedSecret: string };
  now: () => Date;
  fetch?: typeof fetch;
}

const id = z.union([z.number(), z.string()]).transform(String);
const nextPage = z.string().nullish();
const categoriesPage = z.object({
  categories: z.array(
    z.object({ id, name: z.string(), description: z.string().nullish(), position: z.number() }),
  ),
  next_page: nextPage,
});
const sectionsPage = z.object({
  sections: z.array(z.object({ id, category_id: id, name: z.string(), position: z.number() })),
  next_page: nextPage,
});
const articlesPage = z.object({
  articles: z.array(
    z.object({
      id,
      section_id: id,
      title: z.string(),
      body: z.string().nullish(),
      draft: z.boolean(),
      position: z.number(),
      updated_at: z.string(),
    }),
  ),
  next_page: nextPage,
});

/**
 * Zendesk's Help Center API: GET /api/v2/help_center/{locale}/{categories,sections,articles}.json
 * with per_page 1000, following next_page, authorised as the shop's messaging user (the support
 * widget's JWT as a bearer token). A shop's answer is kept a few minutes.
 */
export function createZendeskHelpCenter(options: ZendeskHelpCenterOptions): HelpCenter {
  const doFetch = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/api/v2/help_center/${encodeURIComponent(options.locale)}`;
  const cache = new LRUCache<string, HelpCenterContent>({ max: 500, ttl: CACHE_TTL_MS });

  async function list<S extends z.ZodType<{ next_page?: string | null | undefined }>>(
    resource: string,
    schema: S,
    token: string,
  ): Promise<z.output<S>[]> {
    const pages: z.output<S>[] = [];
    let url: string | null = `${root}/${resource}.json?per_page=${ZENDESK_PAGE_SIZE}`;
    // A bound on pages, so a looping next_page cannot keep us here.
    for (let n = 0; url && n < 50; n++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new HelpCenterError(`Zendesk unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new HelpCenterError(`Zendesk ${resource}: ${response.status}`);
      const parsed = schema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new HelpCenterError(`Zendesk ${resource}: unexpected body`);
      pages.push(parsed.data);
      url = parsed.data.next_page ?? null;
    }
    return pages;
  }

  async function load(reader: HelpCenterReader): Promise<HelpCenterContent> {
    const token = await signZendeskToken(reader, options.keys, options.now());
    const [categories, sections, articles] = await Promise.all([
      list('categories', categoriesPage, token),
      list('sections', sectionsPage, token),
      list('articles', articlesPage, token),
    ]);
    return {
      categories: categories.flatMap((p) =>
        p.categories.map((c) => ({
          id: c.id,
          name: c.name,
          description: c.description ?? '',
          position: c.position,
        })),
      ),
      sections: sections.flatMap((p) =>
        p.sections.map((s) => ({
          id: s.id,
          categoryId: s.category_id,
          name: s.name,
          position: s.position,
        })),
      ),
      articles: articles.flatMap((p) =>
        p.articles.map((a) => ({
          id: a.id,
          sectionId: a.section_id,
          title: a.title,
          body: a.body ?? '',
          draft: a.draft,
          position: a.position,
          updatedAt: a.updated_at,
        })),
      ),
    };
  }

  return {
    kind: 'zendesk',
    async content(reader) {
      const cached = cache.get(reader.externalId);
      if (cached) return cached;
      const content = await load(reader);
      cache.set(reader.externalId, content);
      return content;
    },
  };
}

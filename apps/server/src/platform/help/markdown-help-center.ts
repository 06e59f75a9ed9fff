import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { HelpCenter, HelpCenterArticle, HelpCenterContent } from './port';

/** The repository's articles (content/help), the embedded default. */
export const DEFAULT_HELP_CONTENT_DIR = fileURLToPath(
  new URL('../../../../../content/help', import.meta.url),
);

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lower-case words joined by -');

/** categories.yaml: the categories and their sections, in the order the help center shows them. */
const indexSchema = z.array(
  z.object({
    id: slug,
    name: z.string().min(1),
    description: z.string().default(''),
    sections: z.array(z.object({ id: slug, name: z.string().min(1) })).min(1),
  }),
);

const frontMatterSchema = z.object({
  title: z.string().min(1),
  category: slug,
  section: slug,
  draft: z.boolean().default(false),
  position: z.number().int().default(0),
  /** When the article last changed in substance; the file's time when absent. */
  updated: z.coerce.date().optional(),
});

/**
 * Articles are Markdown files under `dir` (any depth) with front matter title, category, section,
 * draft, position; their id is the file name. The folder is read once and kept: it ships with the
 * code, so it changes only with a deployment. A broken file stops the read naming the file.
 */
export function createMarkdownHelpCenter(dir: string = DEFAULT_HELP_CONTENT_DIR): HelpCenter {
  let loaded: Promise<HelpCenterContent> | null = null;
  return {
    kind: 'markdown',
    content() {
      loaded ??= readHelpFolder(dir).catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      return loaded;
    },
  };
}

export async function readHelpFolder(dir: string): Promise<HelpCenterContent> {
  const index = indexSchema.parse(parseYaml(await readFile(join(dir, 'categories.yaml'), 'utf8')));
  const categories = index.map((c, position) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    position,
  }));
  const sections = index.flatMap((c) =>
    c.sections.map((s, position) => ({ id: s.id, categoryId: c.id, name: s.name, position })),
  );
  const sectionOf = new Map(sections.map((s) => [s.id, s]));
  if (sectionOf.size !== sections.length) throw new Error(`${dir}: a section id is used twice`);

  const markdown = new Marked({ gfm: true });
  const articles: HelpCenterArticle[] = [];
  for (const file of await markdownFiles(dir)) {
    const name = relative(dir, file);
    const { data, content } = matter(await readFile(file, 'utf8'));
    const parsed = frontMatterSchema.safeParse(data);
    if (!parsed.success) throw new Error(`${name}: ${z.prettifyError(parsed.error)}`);
    const front = parsed.data;
    if (sectionOf.get(front.section)?.categoryId !== front.category) {
      throw new Error(`${name}: section ${front.section} is not in category ${front.category}`);
    }
    const id = basename(file, '.md');
    if (articles.some((a) => a.id === id)) throw new Error(`${name}: article id ${id} is taken`);
    articles.push({
      id,
      sectionId: front.section,
      title: front.title,
      body: await markdown.parse(content),
      draft: front.draft,
      position: front.position,
      updatedAt: (front.updated ?? (await stat(file)).mtime).toISOString(),
    });
  }
  return { categories, sections, articles };
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.md') && e.name !== 'README.md')
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

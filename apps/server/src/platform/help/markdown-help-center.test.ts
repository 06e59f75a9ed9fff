import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMarkdownHelpCenter, readHelpFolder } from './markdown-help-center';

const reader = { externalId: 'demo-store.myshopify.com', name: 'Demo', email: 'a@b.co' };

describe('the repository’s help articles', () => {
  it('answer what a merchant of this product asks, in every category', async () => {
    const content = await createMarkdownHelpCenter().content(reader);
    const published = content.articles.filter((a) => !a.draft);
    for (const category of content.categories) {
      const sections = content.sections.filter((s) => s.categoryId === category.id);
      expect(
        published.some((a) => sections.some((s) => s.id === a.sectionId)),
        category.id,
      ).toBe(true);
    }
    const titles = published.map((a) => a.title.toLowerCase()).join('\n');
    for (const topic of [
      'get started',
      'upload',
      'import',
      'carousel',
      'player',
      'plans',
      'mobile app',
      'push',
      'go live',
      'insights',
      'shoppers',
    ]) {
      expect(titles, topic).toContain(topic);
    }
    // Markdown became HTML (a table, lists, headings).
    const plans = content.articles.find((a) => a.id === 'choose-a-plan');
    expect(plans?.body).toContain('<table>');
    expect(plans?.body).toContain('<h2>');
    expect(content.articles.some((a) => a.draft)).toBe(true);
  });
});

describe('readHelpFolder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function folder(files: Record<string, string>) {
    dir = mkdtempSync(join(tmpdir(), 'help-'));
    writeFileSync(
      join(dir, 'categories.yaml'),
      '- id: basics\n  name: Basics\n  sections:\n    - id: start\n      name: Start\n',
    );
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  }

  it('reads front matter, orders by the index and takes the file name as id', async () => {
    folder({
      'a/first.md':
        '---\ntitle: First\ncategory: basics\nsection: start\nposition: 2\nupdated: 2026-01-02\n---\nHello *you*',
      'second.md': '---\ntitle: Second\ncategory: basics\nsection: start\ndraft: true\n---\nx',
    });
    const content = await readHelpFolder(dir);
    expect(content.categories).toEqual([
      { id: 'basics', name: 'Basics', description: '', position: 0 },
    ]);
    expect(content.sections).toEqual([
      { id: 'start', categoryId: 'basics', name: 'Start', position: 0 },
    ]);
    expect(content.articles).toEqual([
      {
        id: 'first',
        sectionId: 'start',
        title: 'First',
        body: '<p>Hello <em>you</em></p>\n',
        draft: false,
        position: 2,
        updatedAt: '2026-01-02T00:00:00.000Z',
      },
      expect.objectContaining({ id: 'second', draft: true, position: 0 }),
    ]);
  });

  it('refuses a file without a title, naming it', async () => {
    folder({ 'bad.md': '---\ncategory: basics\nsection: start\n---\nx' });
    await expect(readHelpFolder(dir)).rejects.toThrow(/bad\.md.*title/s);
  });

  it('refuses a section outside its category, and an id used twice', async () => {
    folder({ 'x.md': '---\ntitle: X\ncategory: other\nsection: start\n---\nx' });
    await expect(readHelpFolder(dir)).rejects.toThrow(
      'x.md: section start is not in category other',
    );
    rmSync(dir, { recursive: true, force: true });
    const ok = '---\ntitle: X\ncategory: basics\nsection: start\n---\nx';
    folder({ 'a/same.md': ok, 'b/same.md': ok });
    await expect(readHelpFolder(dir)).rejects.toThrow('article id same is taken');
  });
});

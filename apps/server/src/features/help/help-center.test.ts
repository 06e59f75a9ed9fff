import { HELP_CENTER_MESSAGES } from '@popstage/core/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpCenter, HelpCenterContent } from '../../platform/help/port';
import { HelpCenterError } from '../../platform/help/port';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

const BASE = '/api/shopify/shop/help-center';
const article = (id: string, sectionId: string, title: string, body: string, draft = false) => ({
  id,
  sectionId,
  title,
  body,
  draft,
  position: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const CONTENT: HelpCenterContent = {
  categories: [
    { id: 'c2', name: 'Second', description: '', position: 2 },
    { id: 'c1', name: 'First', description: 'Start here', position: 1 },
    { id: 'empty', name: 'Only drafts', description: '', position: 3 },
  ],
  sections: [
    { id: 's1', categoryId: 'c1', name: 'Basics', position: 0 },
    { id: 's2', categoryId: 'c2', name: 'More', position: 0 },
    { id: 's3', categoryId: 'empty', name: 'Drafts', position: 0 },
  ],
  articles: [
    article('a1', 's1', 'Upload a clip', '<p>Videos up to 100MB.<script>alert(1)</script></p>'),
    article('a2', 's2', 'Carousels', '<p>Group clips; an upload is needed first.</p>'),
    article('a3', 's3', 'Secret plans', '<p>upload everything</p>', true),
    article('a4', 's2', 'Café crème', '<p>Accents aside</p>'),
  ],
};

let failing = false;
let readers: string[] = [];
const helpCenter: HelpCenter = {
  kind: 'zendesk',
  async content(reader) {
    readers.push(reader.externalId);
    if (failing) throw new HelpCenterError('down');
    return CONTENT;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { helpCenter });
});
afterAll(() => t.close());

describe('help center', () => {
  it('lists categories, sections and articles in order, without drafts or empty categories', async () => {
    readers = [];
    const res = await t.asShop(SHOP_A, 'GET', BASE);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.categories.map((c: { id: string }) => c.id)).toEqual(['c1', 'c2']);
    expect(data.sections.map((s: { id: string }) => s.id)).toEqual(['s1', 's2']);
    expect(data.articles.map((a: { id: string }) => a.id)).toEqual(['a1', 'a4', 'a2']);
    expect(data.articles[0].excerpt).toBe('Videos up to 100MB.');
    // Zendesk is asked as the calling shop, never another.
    expect(readers).toEqual([SHOP_A]);
    await t.asShop(SHOP_B, 'GET', BASE);
    expect(readers).toEqual([SHOP_A, SHOP_B]);
  });

  it('searches title and body of published articles, title matches first', async () => {
    const search = async (query: string) =>
      (await t.asShop(SHOP_A, 'GET', `${BASE}/search?query=${encodeURIComponent(query)}`))
        .json()
        .data.map((a: { id: string }) => a.id);
    expect(await search('upload')).toEqual(['a1', 'a2']);
    expect(await search('GROUP clips')).toEqual(['a2']);
    expect(await search('cafe')).toEqual(['a4']);
    expect(await search('nothing like this')).toEqual([]);
    expect((await t.asShop(SHOP_A, 'GET', `${BASE}/search?query=%20`)).statusCode).toBe(400);
  });

  it('answers an article sanitised, and 404 for a draft or an unknown id', async () => {
    const res = await t.asShop(SHOP_A, 'GET', `${BASE}/articles/a1`);
    expect(res.json().data).toMatchObject({
      id: 'a1',
      categoryId: 'c1',
      title: 'Upload a clip',
      bodyHtml: '<p>Videos up to 100MB.</p>',
    });
    for (const id of ['a3', 'nope']) {
      const missing = await t.asShop(SHOP_A, 'GET', `${BASE}/articles/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(HELP_CENTER_MESSAGES.articleNotFound);
    }
  });

  it('answers 503 with a message when the service fails', async () => {
    failing = true;
    try {
      const res = await t.asShop(SHOP_A, 'GET', BASE);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(HELP_CENTER_MESSAGES.unavailable);
    } finally {
      failing = false;
    }
  });

  it('needs a session token', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';

const TREE = {
  data: {
    categories: [{ id: 'popclips', name: 'Popclips', description: 'Shoppable videos' }],
    sections: [{ id: 'creating', categoryId: 'popclips', name: 'Creating Popclips' }],
    articles: [
      { id: 'upload', sectionId: 'creating', title: 'Upload a Popclip', excerpt: 'Videos up to' },
      { id: 'import', sectionId: 'creating', title: 'Import videos', excerpt: 'Paste a link' },
    ],
  },
};
const ARTICLE = {
  data: {
    id: 'upload',
    sectionId: 'creating',
    categoryId: 'popclips',
    title: 'Upload a Popclip',
    excerpt: 'Videos up to 100MB.',
    bodyHtml: '<p>Videos up to <strong>100MB</strong>.</p>',
    updatedAt: '2026-11-25T00:00:00.000Z',
  },
};

const routes = {
  'GET /api/shopify/shop/help-center': { body: TREE },
  'GET /api/shopify/shop/help-center/search': (request: Request) => {
    const query = new URL(request.url).searchParams.get('query');
    return { body: { data: query === 'import' ? [TREE.data.articles[1]] : [] } };
  },
  'GET /api/shopify/shop/help-center/articles/upload': { body: ARTICLE },
  'GET /api/shopify/shop/help-center/articles/gone': {
    status: 404,
    body: { error: 'Not Found', message: 'This article does not exist or is not published.' },
  },
};

describe('help center', () => {
  it('lists categories, sections and articles; an article opens in the app', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/resources', shop: readyShop(), routes });
    const section = await screen.findByRole('list', { name: 'Creating Popclips' });
    expect(screen.getByRole('heading', { name: 'Popclips' })).toBeVisible();
    expect(screen.getByText('Shoppable videos')).toBeVisible();
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Upload a Popclip', 'Import videos']);
    expect(links[0]).toHaveAttribute('href', '/resources/articles/upload');

    await user.click(links[0] as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upload a Popclip' }),
    ).toBeVisible();
    expect(screen.getByText('100MB').tagName).toBe('STRONG');
    expect(screen.getByText('Updated Nov 25, 2026')).toBeVisible();
    // Back goes to the help center.
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0] as HTMLElement);
    expect(await screen.findByRole('list', { name: 'Creating Popclips' })).toBeVisible();
  });

  it('searches, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/resources', shop: readyShop(), routes });
    const field = await screen.findByRole('textbox', { name: 'Search articles' });
    await user.type(field, 'import');
    expect(await screen.findByText('Paste a link')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import videos' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Upload a Popclip' })).toBeNull();
    await user.clear(field);
    await user.type(field, 'zzz');
    expect(await screen.findByText('No Results')).toBeVisible();
  });

  it('says so for an unpublished article', async () => {
    renderApp({ path: '/resources/articles/gone', shop: readyShop(), routes });
    expect(
      await screen.findByText('This article does not exist or is not published.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the Help Center' })).toHaveAttribute(
      'href',
      '/resources',
    );
  });
});

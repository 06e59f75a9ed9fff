import type { MobileMenu } from '@popstage/core/mobile';
import type { StorefrontClip } from '@popstage/core/storefront';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mobileRoutes, SUBMITTED_CONFIG, submittedShop } from '../../../test/mobile-fixture';
import { renderApp } from '../../../test/render-app';
import { menuItem } from '../testing/menu-item';

const FEED_PATH = '/storefront/v1/shops/demo-store.myshopify.com/feed';

const item = (id: string, title: string, items: MobileMenu['items'] = []) =>
  menuItem(id, title, items, `https://demo-store.example/${id}`);
const MENUS: Record<string, MobileMenu> = {
  'main-menu': {
    handle: 'main-menu',
    title: 'Main menu',
    items: [
      item('new', 'New arrivals', [item('new-women', 'Women’s new in')]),
      item('sale', 'Sale'),
    ],
  },
  'shop-tab': { handle: 'shop-tab', title: 'Shop tab', items: [item('dresses', 'Dresses')] },
  footer: { handle: 'footer', title: 'Footer menu', items: [item('returns', 'Returns policy')] },
};

const clip = (id: string, title: string, posterUrl: string | null): StorefrontClip => ({
  id,
  title,
  videoUrl: `/media/${id}.mp4`,
  sources: [],
  posterUrl,
  previewUrl: null,
  captions: [],
  durationSeconds: 12,
  width: 540,
  height: 960,
  displayTargets: [],
  products: [],
  uploadedAt: '2026-01-05T10:00:00.000Z',
});

function feed(clips: StorefrontClip[]) {
  const position = { mobile: 'bottom-right', desktop: 'bottom-right' };
  return {
    shop: { domain: 'demo-store.myshopify.com', currency: 'USD' },
    settings: {
      hidePopClipsOnPDP: false,
      showViews: false,
      showLikes: false,
      buyButton: true,
      watermark: false,
      holdoutPercent: 0,
    },
    positions: { featured: position, miniplayer: position },
    featured: null,
    clips,
    carousels: [],
  };
}

function renderAppearance(options: { feedStatus?: number; clips?: StorefrontClip[] } = {}) {
  return renderApp({
    path: '/mobile/appearance',
    shop: submittedShop(),
    routes: {
      ...mobileRoutes({
        config: {
          ...SUBMITTED_CONFIG,
          menuHandle: 'main-menu',
          shopMenuHandle: 'shop-tab',
          customLinksHandle: 'footer',
        },
      }),
      'GET /api/mobile/catalogue/menus/*': (request) => {
        const handle = new URL(request.url).pathname.split('/').pop() ?? '';
        return { body: { data: MENUS[handle] ?? null } };
      },
      [`GET ${FEED_PATH}`]: options.feedStatus
        ? { status: options.feedStatus, body: { error: 'Not Found', message: 'Shop not found' } }
        : { body: feed(options.clips ?? []) },
    },
  });
}

/** Presses one of the preview's screen buttons; answers the phone. */
async function openScreen(name: 'Menu' | 'Popclips') {
  await screen.findByRole('heading', { name: 'App preview' });
  await userEvent.click(screen.getByRole('button', { name }));
  return within(screen.getByTestId('phone-preview'));
}

describe('the app preview side panel', () => {
  it('shows the main navigation, the Shop tab menu and the extra links with their items', async () => {
    renderAppearance();
    const phone = await openScreen('Menu');
    const main = await phone.findByRole('region', { name: 'Main navigation' });
    expect(within(main).getByText('New arrivals')).toBeVisible();
    expect(within(main).getByText('Women’s new in')).toBeVisible();
    expect(within(main).getByText('Sale')).toBeVisible();
    const shopTab = await phone.findByRole('region', { name: 'Shop tab menu' });
    expect(within(shopTab).getByText('Dresses')).toBeVisible();
    const extra = await phone.findByRole('region', { name: 'Extra links' });
    expect(within(extra).getByText('Returns policy')).toBeVisible();
    expect(phone.queryByText('No menu yet')).toBeNull();
  });

  it('says there is no menu when the config names none', async () => {
    renderApp({ path: '/mobile/appearance', shop: submittedShop(), routes: mobileRoutes() });
    const phone = await openScreen('Menu');
    expect(phone.getByText('No menu yet')).toBeVisible();
    expect(phone.queryByRole('region', { name: 'Main navigation' })).toBeNull();
  });

  it('reads the shop’s storefront feed only when the Popclips screen opens, and shows its clips', async () => {
    const view = renderAppearance({
      clips: [
        clip('clip-1', 'Summer look', '/media/clip-1.webp'),
        clip('clip-2', 'Beach day', null),
      ],
    });
    await screen.findByRole('heading', { name: 'App preview' });
    expect(view.calls('GET', FEED_PATH)).toHaveLength(0);
    const phone = await openScreen('Popclips');
    const list = await phone.findByRole('list', { name: 'Popclips' });
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['Summer look', 'Beach day']);
    expect(tiles[0]?.querySelector('img')).toHaveAttribute('src', '/media/clip-1.webp');
    expect(view.calls('GET', FEED_PATH)).toHaveLength(1);
  });

  it('says so when the shop has no public clips', async () => {
    renderAppearance({ clips: [] });
    const phone = await openScreen('Popclips');
    expect(await phone.findByText('No Popclips yet.')).toBeVisible();
  });

  it('treats a failed feed read as an empty feed', async () => {
    renderAppearance({ feedStatus: 404 });
    const phone = await openScreen('Popclips');
    expect(await phone.findByText('No Popclips yet.')).toBeVisible();
    expect(phone.queryByRole('list', { name: 'Popclips' })).toBeNull();
  });
});

import type { MobileMenu } from '@popstage/core/mobile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mobileRoutes, SUBMITTED_CONFIG, submittedShop } from '../../test/mobile-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';
import { menuItem } from './testing/menu-item';

const MENUS_PATH = '/api/mobile/catalogue/menus/';
const SAVE_PATH = '/api/store/v1/app-config';

const MENUS: Record<string, MobileMenu> = {
  'main-menu': {
    handle: 'main-menu',
    title: 'Main menu',
    items: [
      menuItem('new', 'New arrivals', [menuItem('tops', 'Tops'), menuItem('shoes', 'Shoes')]),
    ],
  },
  footer: {
    handle: 'footer',
    title: 'Footer menu',
    items: [menuItem('returns', 'Returns policy')],
  },
};

function renderMenu(options: { submitted: boolean; config?: object; routes?: FakeRoutes }) {
  return renderApp({
    path: '/mobile/custom-menu',
    shop: options.submitted ? submittedShop() : readyShop(),
    routes: {
      ...mobileRoutes({
        config: { ...SUBMITTED_CONFIG, menuHandle: 'main-menu', ...options.config },
      }),
      [`GET ${MENUS_PATH}*`]: (request) => {
        const handle = new URL(request.url).pathname.slice(MENUS_PATH.length);
        return { body: { data: MENUS[handle] ?? null } };
      },
      ...options.routes,
    },
  });
}

/** The card of one of the three sections, by its heading. */
function section(title: 'Main navigation' | 'Shop tab menu' | 'Extra links') {
  const heading = screen.getByRole('heading', { name: title });
  const card = heading.closest('.Polaris-ShadowBevel');
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${title}`);
  return within(card);
}

const lookups = (view: ReturnType<typeof renderMenu>) =>
  view.requests
    .filter((request) => new URL(request.url).pathname.startsWith(MENUS_PATH))
    .map((request) => new URL(request.url).pathname.slice(MENUS_PATH.length));

describe('Custom Menu', () => {
  it('has the three handles of spec 03, the saved one looked up with its items', async () => {
    renderMenu({ submitted: true });
    await pageTitle('Mobile App Builder');
    await screen.findByRole('heading', { name: 'Main navigation' });
    const main = section('Main navigation');
    expect(main.getByLabelText('Menu handle')).toHaveValue('main-menu');
    expect(await main.findByText('Main menu')).toBeVisible();
    expect(main.getByText('New arrivals (Tops, Shoes)')).toBeVisible();
    for (const title of ['Shop tab menu', 'Extra links'] as const) {
      expect(section(title).getByLabelText('Menu handle')).toHaveValue('');
    }
  });

  it('looks a typed handle up once typing stops, and says when the store has no such menu', async () => {
    const view = renderMenu({ submitted: true });
    await screen.findByRole('heading', { name: 'Extra links' });
    const extra = section('Extra links');
    await userEvent.type(extra.getByLabelText('Menu handle'), 'footer');
    expect(await extra.findByText('Footer menu')).toBeVisible();
    expect(extra.getByText('Returns policy')).toBeVisible();
    // One lookup of the whole handle (1000 ms debounce), none of what was typed on the way.
    expect(lookups(view).filter((handle) => handle !== 'main-menu')).toEqual(['footer']);

    const shopTab = section('Shop tab menu');
    await userEvent.type(shopTab.getByLabelText('Menu handle'), 'no-such-menu');
    expect(await shopTab.findByText('Could not find any results')).toBeVisible();
  });

  it('refuses a handle that cannot be one without asking the store', async () => {
    const view = renderMenu({ submitted: true });
    await screen.findByRole('heading', { name: 'Shop tab menu' });
    const shopTab = section('Shop tab menu');
    await userEvent.type(shopTab.getByLabelText('Menu handle'), 'Shop Tab');
    expect(
      await shopTab.findByText('A menu handle has lowercase letters, digits and dashes'),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(lookups(view).filter((handle) => handle !== 'main-menu')).toEqual([]);
  });

  it('saves the three handles trimmed through the save bar after submission', async () => {
    const view = renderMenu({
      submitted: true,
      routes: {
        [`POST ${SAVE_PATH}`]: (_request, body) => ({
          body: { data: { ...SUBMITTED_CONFIG, ...(body as object) } },
        }),
      },
    });
    await screen.findByRole('heading', { name: 'Extra links' });
    await userEvent.type(section('Extra links').getByLabelText('Menu handle'), ' footer ');
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    await expectToast('Successfully saved the changes');
    expect(view.calls('POST', SAVE_PATH)[0]?.body).toEqual({
      menuHandle: 'main-menu',
      shopMenuHandle: '',
      customLinksHandle: 'footer',
    });
  });

  it('a failed save says so', async () => {
    renderMenu({
      submitted: true,
      routes: { [`POST ${SAVE_PATH}`]: { status: 500, body: { error: 'x', message: 'x' } } },
    });
    await screen.findByRole('heading', { name: 'Extra links' });
    await userEvent.type(section('Extra links').getByLabelText('Menu handle'), 'footer');
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    await expectToast('Failed to save the changes. Please try again or contact support.');
  });

  it('needs a featured collection to save', async () => {
    const view = renderMenu({ submitted: true, config: { featuredShopifyCollectionGid: null } });
    await screen.findByRole('heading', { name: 'Extra links' });
    await userEvent.type(section('Extra links').getByLabelText('Menu handle'), 'footer');
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
    await expectToast('Please select a featured collection before saving.');
    expect(view.calls('POST', SAVE_PATH)).toHaveLength(0);
  });

  it('before submission: “Setup Not Completed” and no save bar', async () => {
    renderMenu({ submitted: false });
    expect(await screen.findByText('Setup Not Completed')).toBeVisible();
    await screen.findByRole('heading', { name: 'Extra links' });
    await userEvent.type(section('Extra links').getByLabelText('Menu handle'), 'footer');
    await waitFor(() => expect(section('Extra links').getByText('Footer menu')).toBeVisible());
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  });
});

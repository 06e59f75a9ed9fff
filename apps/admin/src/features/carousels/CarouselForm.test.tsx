import type { Carousel } from '@popstage/core/carousels';
import { POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import type { Shop } from '@popstage/core/shop';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basicShop, carousel, premiumShop } from '../../test/carousel-fixture';
import { popclip } from '../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle, toastTexts } from '../../test/toasts';
import { TYPE_LOCKED_HELP } from './CarouselFormPage';
import { CAROUSEL_PUBLISHED } from './use-publish-carousel';

const CAROUSELS = '/api/popclips/carousels';
const clips = [popclip(1), popclip(2), popclip(3), popclip(4)];

function routes(extra: FakeRoutes = {}, stored: Carousel[] = []): FakeRoutes {
  return {
    'POST /api/media/listMediabyID': { body: { data: clips, lastEvaluatedKey: null } },
    'POST /api/media/listMediabyTypeAndMetaId': (_request, body) => {
      const ids = (body as { metaIds: string[] }).metaIds;
      return {
        body: {
          data: ids
            .map((id) => clips.find((c) => c.metaIdentifier === id))
            .filter((c): c is Popclip => !!c),
        },
      };
    },
    [`GET ${CAROUSELS}`]: { body: { data: stored } },
    [`POST ${CAROUSELS}`]: (_request, body) => ({
      status: 201,
      body: { data: carousel(9, body as Partial<Carousel>) },
    }),
    [`PUT ${CAROUSELS}`]: (_request, body) => ({
      body: { data: carousel(9, body as Partial<Carousel>) },
    }),
    'POST /api/popclips/carousels/*': { body: { data: carousel(9, { is_published: true }) } },
    // Collection 2's Popclips, newest first; collection 1 has none.
    'GET /api/popclips/carousels/collection-clips': (request) => {
      const id = new URL(request.url).searchParams.get('collectionId');
      return {
        body: { data: id === 'gid://shopify/Collection/2' ? ['clip-4', 'clip-2', 'clip-1'] : [] },
      };
    },
    'GET /api/catalogue/collections': (request) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      const all = [
        {
          id: 'gid://shopify/Collection/1',
          title: 'All products',
          handle: 'all',
          productsCount: 300,
        },
        { id: 'gid://shopify/Collection/2', title: 'Sale', handle: 'sale', productsCount: 12 },
      ];
      return { body: { data: all.filter((c) => c.title.toLowerCase().includes(query)) } };
    },
    ...extra,
  };
}

async function openCreate(shop = basicShop(), extra: FakeRoutes = {}, stored: Carousel[] = []) {
  const view = renderApp({
    path: '/popclips/create-carousel',
    shop,
    routes: routes(extra, stored),
  });
  await pageTitle('Create Carousel');
  return view;
}

/** The edit screen of a stored carousel. */
async function openEdit(stored: Carousel, shop: Shop) {
  const view = renderApp({
    path: `/popclips/edit-carousel?id=${stored.carousel_id}`,
    shop,
    routes: routes({ [`GET ${CAROUSELS}/${stored.carousel_id}`]: { body: { data: stored } } }, [
      stored,
    ]),
  });
  await pageTitle('Edit Carousel');
  return view;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const pick = async (n: number) =>
  userEvent.click(await screen.findByRole('checkbox', { name: `Select Clip number ${n}` }));
const order = () =>
  within(screen.getByRole('list', { name: 'Carousel order' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('carousel create and edit', () => {
  it('shows whole titles in the carousel order, never cut to a few letters', async () => {
    await openCreate();
    await pick(1);
    const [title] = within(screen.getByRole('list', { name: 'Carousel order' })).getAllByTestId(
      'carousel-order-title',
    );
    expect(title).toHaveTextContent('Clip number 1');
    expect(title?.querySelector('.Polaris-Text--truncate')).toBeNull();
    expect(title).toHaveAttribute('title', 'Clip number 1');
  });

  it('sends the free level back to the list', async () => {
    const view = renderApp({
      path: '/popclips/create-carousel',
      shop: readyShop(),
      routes: routes(),
    });
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });

  it('suggests a unique title and shows each rule as a toast', async () => {
    await openCreate(basicShop(), {}, [carousel(1, { carousel_title: 'My Carousel' })]);
    const title = screen.getByRole('textbox', { name: 'Carousel title' });
    await waitFor(() => expect(title).toHaveAttribute('placeholder', 'My Carousel 2'));
    await save();
    await expectToast('Please enter a title for the carousel');
    await userEvent.type(title, 'Summer');
    await pick(1);
    await pick(2);
    await save();
    await expectToast('Please select at least 3 Popclips to create a carousel');
  });

  it('locks the collection type below premium with an upgrade prompt', async () => {
    await openCreate(basicShop());
    await userEvent.click(screen.getByRole('radio', { name: /Selected by Collection/ }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('radio', { name: 'Selected by Popclip' })).toBeChecked();
    // Basic already pays $29.99: the offer is Premium at its price, preselected (issue 20 §12).
    expect(within(dialog).queryByRole('button', { name: 'Upgrade for $29.99/month' })).toBeNull();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Upgrade for $149.99/month' }),
    );
    await pageTitle('Subscription');
    expect(await screen.findByText('Confirm Plan Change')).toBeVisible();
    expect(screen.getByText('$149.99/month')).toBeVisible();
    expect(screen.getByText('Changed')).toBeVisible();
  });

  it('reorders with the buttons and by dragging, saves that order and publishes', async () => {
    const view = await openCreate();
    await userEvent.type(screen.getByRole('textbox', { name: 'Carousel title' }), 'Summer');
    await pick(1);
    await pick(2);
    await pick(3);
    expect(order()).toEqual(['1Clip number 1', '2Clip number 2', '3Clip number 3']);
    await userEvent.click(screen.getByRole('button', { name: 'Move Clip number 3 up' }));
    expect(order()).toEqual(['1Clip number 1', '2Clip number 3', '3Clip number 2']);
    expect(screen.getByText('Clip number 3 moved to position 2 of 3')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Carousel order' })).getAllByRole(
      'listitem',
    );
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(items[0] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(items[2] as HTMLElement, { dataTransfer });
    fireEvent.drop(items[2] as HTMLElement, { dataTransfer });
    expect(order()).toEqual(['1Clip number 3', '2Clip number 2', '3Clip number 1']);

    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Publish your carousel' });
    expect(view.calls('POST', CAROUSELS)[0]?.body).toEqual({
      customer_id: 'demo-store.myshopify.com',
      carousel_title: 'Summer',
      carousel_type: 'custom',
      carousel_type_ids: ['clip-3', 'clip-2', 'clip-1'],
      sorted_popclips_ids: ['clip-3', 'clip-2', 'clip-1'],
    });
    expect(within(dialog).getByText('Enable the Popstage app embed')).toBeVisible();
    expect(
      within(dialog).getByText('<div data-popstage-carousel="carousel-9"></div>'),
    ).toBeVisible();
    // The local Shopify's theme editor, with Shopify's deep links: the embed ready to switch on,
    // the carousel block ready to add to the home page.
    const editor = '/sandbox/store/demo-store.myshopify.com/themes/current/editor';
    expect(
      within(dialog).getByRole('link', { name: 'Open theme editor' }).getAttribute('href'),
    ).toMatch(new RegExp(`^${editor}\\?context=apps&activateAppId=[^/]*/app-embed$`));
    expect(
      within(dialog).getByRole('link', { name: 'Add carousel block' }).getAttribute('href'),
    ).toMatch(
      new RegExp(`^${editor}\\?template=index&addAppBlockId=[^/]*/carousel&target=newAppsSection$`),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish carousel' }));
    await expectToast(CAROUSEL_PUBLISHED);
    expect(view.calls('POST', '/api/popclips/carousels/carousel-9/publish')[0]?.body).toEqual({
      customer_id: 'demo-store.myshopify.com',
      is_published: true,
    });
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });

  it('shows the server message when saving fails', async () => {
    await openCreate(basicShop(), {
      [`POST ${CAROUSELS}`]: {
        status: 400,
        body: {
          error: 'validation',
          message: 'A selected Popclip was not found. Please select it again.',
        },
      },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Carousel title' }), 'Summer');
    await pick(1);
    await pick(2);
    await pick(3);
    await save();
    await expectToast('A selected Popclip was not found. Please select it again.');
  });

  it('takes a stale error toast down when the save works and the publish steps open', async () => {
    let refused = true;
    await openCreate(basicShop(), {
      [`POST ${CAROUSELS}`]: (_request, body) =>
        refused
          ? {
              status: 500,
              body: { error: 'x', message: 'Something went wrong. Please try again.' },
            }
          : { status: 201, body: { data: carousel(9, body as Partial<Carousel>) } },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Carousel title' }), 'Summer');
    await pick(1);
    await pick(2);
    await pick(3);
    await save();
    await waitFor(() => expect(toastTexts().length).toBe(1));
    refused = false;
    await save();
    await screen.findByRole('dialog', { name: 'Publish your carousel' });
    expect(toastTexts()).toEqual([]);
  });

  it('picks a collection after a 500 ms search, previews it and requires one', async () => {
    const view = await openCreate(premiumShop());
    await userEvent.click(screen.getByRole('radio', { name: /Selected by Collection/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Carousel title' }), 'Sale picks');
    await save();
    await expectToast('Please select collection to create a carousel');
    await screen.findByText('250+ products');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search collections' }), 'sale');
    await waitFor(() =>
      expect(
        view.requests.some((r) => r.url.endsWith('/api/catalogue/collections?query=sale')),
      ).toBe(true),
    );
    expect(
      view.requests.filter((r) => r.url.includes('collections?query=s')).map((r) => r.url),
    ).toHaveLength(1);
    await userEvent.click(await screen.findByRole('radio', { name: 'Sale' }));
    await save();
    await screen.findByRole('dialog', { name: 'Publish your carousel' });
    expect(view.calls('POST', CAROUSELS)[0]?.body).toEqual({
      customer_id: 'demo-store.myshopify.com',
      carousel_title: 'Sale picks',
      carousel_type: 'collection',
      carousel_type_ids: ['gid://shopify/Collection/2'],
    });
  });

  it("previews a collection's Popclips in the carousel's order and saves a new order", async () => {
    const view = await openCreate(premiumShop());
    await userEvent.click(screen.getByRole('radio', { name: /Selected by Collection/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Carousel title' }), 'Sale picks');
    await userEvent.click(await screen.findByRole('radio', { name: /All products/ }));
    expect(
      await screen.findByText('No Popclip found. Please try again with a different collection.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /Sale/ }));
    // The Popclips the storefront shows (tagged with the collection's products), not its products.
    await waitFor(() =>
      expect(order()).toEqual(['1Clip number 4', '2Clip number 2', '3Clip number 1']),
    );
    expect(screen.queryByRole('button', { name: 'Remove Clip number 4' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Move Clip number 1 up' }));
    expect(order()).toEqual(['1Clip number 4', '2Clip number 1', '3Clip number 2']);
    await save();
    await screen.findByRole('dialog', { name: 'Publish your carousel' });
    expect(view.calls('POST', CAROUSELS)[0]?.body).toEqual({
      customer_id: 'demo-store.myshopify.com',
      carousel_title: 'Sale picks',
      carousel_type: 'collection',
      carousel_type_ids: ['gid://shopify/Collection/2'],
      sorted_popclips_ids: ['clip-4', 'clip-1', 'clip-2'],
    });
  });

  it('edits a collection carousel in its stored order, Popclips it does not name after', async () => {
    const stored = carousel(6, {
      carousel_type: 'collection',
      carousel_type_ids: ['gid://shopify/Collection/2'],
      sorted_popclips_ids: ['clip-1', 'clip-2'],
    });
    const view = await openEdit(stored, premiumShop());
    await waitFor(() =>
      expect(order()).toEqual(['1Clip number 1', '2Clip number 2', '3Clip number 4']),
    );
    await save();
    await screen.findByRole('dialog', { name: 'Publish your carousel' });
    // Not reordered: the stored order is left to the server.
    expect(view.calls('PUT', CAROUSELS)[0]?.body).not.toHaveProperty('sorted_popclips_ids');
  });

  it('edits a published carousel: type locked, stored order, saved toast, back to list', async () => {
    const stored = carousel(5, {
      is_published: true,
      carousel_type_ids: ['clip-1', 'clip-2', 'clip-3'],
      sorted_popclips_ids: ['clip-2', 'clip-3', 'clip-1'],
    });
    const view = await openEdit(stored, basicShop());
    await waitFor(() =>
      expect(order()).toEqual(['1Clip number 2', '2Clip number 3', '3Clip number 1']),
    );
    expect(screen.getByRole('textbox', { name: 'Carousel title' })).toHaveValue('Carousel 5');
    // The fixed type is said in plain text, not shown as faint disabled radios.
    expect(screen.queryByRole('radio', { name: 'Selected by Popclip' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Selected by Collection/ })).toBeNull();
    expect(screen.getByText('Selected by Popclip', { selector: 'p' })).toBeVisible();
    expect(screen.getByText(TYPE_LOCKED_HELP)).toBeVisible();
    await pick(4);
    await save();
    await expectToast(POPCLIP_TOASTS.carouselSaved);
    expect(view.calls('PUT', CAROUSELS)[0]?.body).toMatchObject({
      carousel_id: 'carousel-5',
      sorted_popclips_ids: ['clip-2', 'clip-3', 'clip-1', 'clip-4'],
    });
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(screen.queryByRole('dialog', { name: 'Publish your carousel' })).toBeNull();
  });

  it('sends a missing carousel back to the list', async () => {
    const view = renderApp({
      path: '/popclips/edit-carousel?id=nope',
      shop: basicShop(),
      routes: routes({
        'GET /api/popclips/carousels/nope': {
          status: 404,
          body: { error: 'not_found', message: 'Carousel not found.' },
        },
      }),
    });
    await expectToast('Carousel not found.');
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });
});

import { unpublishWarning } from '@popstage/core/carousels';
import { type ListMediaResponse, POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDONS, gatingWire, subscriptionWith } from '../../../test/billing-fixture';
import { carousel } from '../../../test/carousel-fixture';
import { popclip } from '../../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { expectToast, isDisabled, pageTitle } from '../../../test/toasts';

const LIST = '/api/media/listMediabyID';
const basicShop = () => readyShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]) });

function listRoute(pages: Popclip[][]): FakeRoutes {
  return {
    [`POST ${LIST}`]: (_request, body) => {
      const key = (body as { lastEvaluatedKey: string | null }).lastEvaluatedKey;
      const index = key ? Number(key) : 0;
      const answer: ListMediaResponse = {
        data: pages[index] ?? [],
        lastEvaluatedKey: index + 1 < pages.length ? String(index + 1) : null,
      };
      return { body: answer };
    },
  };
}

async function openList(routes: FakeRoutes, shop = basicShop()) {
  const view = renderApp({ path: '/popclips/list', shop, routes });
  await pageTitle('Popclips: Shoppable Videos');
  return view;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Popclips list', () => {
  it('shows the grid: titles cut at 46 characters, status, counts the API gives', async () => {
    const long = 'A very long clip title that goes on and on past the cut';
    const view = await openList(
      listRoute([
        [
          popclip(1, { metaData: { videoTitle: long }, showViews: true, clipViews: 1500 }),
          popclip(2, { status: 'processing', metaData: { thumbnailURL: null } }),
          popclip(3, { status: 'failed', failureReason: 'The video could not be read.' }),
        ],
      ]),
    );
    await screen.findByText(`${long.slice(0, 46)}...`);
    expect(screen.getByText('1.5K views')).toBeVisible();
    expect(screen.queryByText(/likes$/)).toBeNull();
    expect(screen.getAllByText('Processing...').length).toBeGreaterThan(0);
    expect(screen.getByText('The video could not be read.')).toBeVisible();
    expect(view.calls('POST', LIST)[0]?.body).toEqual({
      id: 'demo-store.myshopify.com',
      pageSize: 14,
      fileCategory: 'shopifyClips',
      lastEvaluatedKey: null,
    });
  });

  it('loads the next page with lastEvaluatedKey', async () => {
    const first = Array.from({ length: 14 }, (_, i) => popclip(i + 1));
    const view = await openList(listRoute([first, [popclip(15)]]));
    await screen.findByText('Clip number 14');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Clip number 15');
    expect(view.calls('POST', LIST).at(-1)?.body).toMatchObject({ lastEvaluatedKey: '1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches every clip on the server (spec 02 §7), not only the loaded page', async () => {
    const view = await openList({
      ...listRoute([
        [popclip(1, { metaData: { videoTitle: 'Summer dress' } }), popclip(2)],
        [popclip(3)],
      ]),
      'GET /api/popclips/search': (request) => {
        const query = new URL(request.url, 'http://admin.test').searchParams;
        const page = Number(query.get('page'));
        const found = query.get('searchValue') === 'winter';
        return {
          body: {
            data: found
              ? [popclip(page === 1 ? 40 : 41, { metaData: { videoTitle: `Winter coat ${page}` } })]
              : [],
            page,
            hasNextPage: found && page === 1,
          },
        };
      },
    });
    await screen.findByText('Summer dress');
    // "Winter coat" is on a page the list has not loaded: the server finds it.
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by title' }), 'winter');
    await screen.findByText('Winter coat 1');
    expect(screen.queryByText('Summer dress')).toBeNull();
    expect(view.calls('GET', '/api/popclips/search')[0]?.request.url).toContain(
      'shopifyDomain=demo-store.myshopify.com&searchValue=winter&page=1&size=14',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Winter coat 2');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search by title' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by title' }), 'xyz');
    await screen.findByText('No Result Found!');
  });

  it('polls every 8 s while a clip processes and stops once all are processed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let processed = false;
    const view = await openList({
      [`POST ${LIST}`]: () => ({
        body: {
          data: [popclip(1, { status: processed ? 'processed' : 'processing' })],
          lastEvaluatedKey: null,
        },
      }),
    });
    await screen.findByText('Clip number 1');
    expect(screen.getAllByText('Processing...').length).toBeGreaterThan(0);
    expect(view.calls('POST', LIST)).toHaveLength(1);
    processed = true;
    await act(() => vi.advanceTimersByTimeAsync(8000));
    await waitFor(() => expect(screen.queryByText('Processing...')).toBeNull());
    expect(view.calls('POST', LIST)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(24_000));
    expect(view.calls('POST', LIST)).toHaveLength(2);
  });

  it('deletes a clip after confirmation', async () => {
    let clips = [popclip(1), popclip(2)];
    const view = await openList({
      [`POST ${LIST}`]: () => ({ body: { data: clips, lastEvaluatedKey: null } }),
      'POST /api/media/csDeleteMedia': (_request, body) => {
        clips = clips.filter((c) => c.metaIdentifier !== (body as Popclip).metaIdentifier);
        return { body: { success: true, metaIdentifier: 'clip-1', unpublishedCarousels: [] } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Clip number 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/will be unpublished/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(POPCLIP_TOASTS.clipDeleted);
    expect(view.calls('POST', '/api/media/csDeleteMedia')[0]?.body).toEqual({
      id: 'demo-store.myshopify.com',
      metaIdentifier: 'clip-1',
    });
    await waitFor(() => expect(screen.queryByText('Clip number 1')).toBeNull());
  });

  it('warns before deleting a clip of a published carousel of 3, then shows it unpublished', async () => {
    let published = true;
    const three = () =>
      carousel(1, {
        carousel_title: 'Summer picks',
        carousel_type_ids: ['clip-1', 'clip-2', 'clip-3'],
        is_published: published,
      });
    const view = await openList({
      ...listRoute([[popclip(1), popclip(2), popclip(3)]]),
      'GET /api/popclips/carousels': () => ({ body: { data: [three()] } }),
      'POST /api/media/csDeleteMedia': () => {
        published = false;
        return {
          body: {
            success: true,
            metaIdentifier: 'clip-1',
            unpublishedCarousels: [{ carousel_id: 'carousel-1', carousel_title: 'Summer picks' }],
          },
        };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Clip number 1' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(unpublishWarning(['Summer picks']));
    const carouselReads = view.calls('GET', '/api/popclips/carousels').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Unpublished: "Summer picks"');
    // The manager reads the carousels again (no stale count or published state).
    await waitFor(() =>
      expect(view.calls('GET', '/api/popclips/carousels').length).toBeGreaterThan(carouselReads),
    );
  });

  it('badges the featured clip and an interrupted upload, which offers to upload again', async () => {
    await openList(
      listRoute([
        [
          popclip(1, { metaData: { featured: true } }),
          popclip(2, { status: 'interrupted', metaData: { thumbnailURL: null } }),
        ],
      ]),
    );
    await screen.findByText('Featured');
    expect(screen.getByText('Upload interrupted')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upload Clip number 2 again' })).toHaveAttribute(
      'href',
      '/popclips/edit/clip-2',
    );
    expect(screen.queryByRole('button', { name: 'Share Clip number 2' })).toBeNull();
  });

  it('toasts the failure when deleting fails', async () => {
    await openList({
      ...listRoute([[popclip(1)]]),
      'POST /api/media/csDeleteMedia': { status: 500, body: { error: 'internal', message: 'x' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Clip number 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await expectToast(POPCLIP_TOASTS.clipDeleteFailed);
  });

  it('offers Create in the empty state', async () => {
    const view = await openList(listRoute([[]]));
    await screen.findByText('No Popclips found');
    await userEvent.click(screen.getByRole('link', { name: 'Create' }));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/create'));
  });

  it('disables Create at the view limit and explains why', async () => {
    await openList({
      ...listRoute([[popclip(1)]]),
      'GET /api/shopify/shop/popclips/gating': {
        body: { data: gatingWire({ limit_access: true, max_views: '15,000' }) },
      },
    });
    const text =
      "You've reached your current plan's view limits of 15,000. In order to create new Popclips please upgrade.";
    await screen.findByText(text);
    expect(isDisabled(screen.getByRole('button', { name: 'Create Popclip' }))).toBe(true);
  });

  it.each([
    ['Free', readyShop()],
    ['Basic', basicShop()],
  ])('shows the watermark and its upsell on %s, as the storefront does', async (_plan, shop) => {
    const view = await openList(listRoute([[popclip(1)]]), shop);
    await screen.findByText('Clip number 1');
    expect(screen.getByText('Powered by Popstage')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Watermark' }));
    await waitFor(() => expect(view.pathname()).toBe('/manage/plans'));
  });

  it('draws no watermark over the empty tile of a failed or interrupted clip', async () => {
    await openList(
      listRoute([[popclip(1, { status: 'failed' }), popclip(2, { status: 'interrupted' })]]),
      readyShop(),
    );
    await screen.findByText('Clip number 1');
    await screen.findByText('Clip number 2');
    expect(screen.queryByText('Powered by Popstage')).toBeNull();
  });

  it('shows no watermark on Premium', async () => {
    await openList(
      listRoute([[popclip(1)]]),
      readyShop({ subscription: subscriptionWith([ADDONS.popclipsPremium]) }),
    );
    await screen.findByText('Clip number 1');
    expect(screen.queryByText('Powered by Popstage')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Watermark' })).toBeNull();
  });
});

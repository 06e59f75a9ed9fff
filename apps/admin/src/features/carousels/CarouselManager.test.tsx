import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { basicShop, carousel } from '../../test/carousel-fixture';
import { popclip } from '../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';
import { ALL_POPCLIPS_BANNER_TITLE } from './CarouselManager';
import { CAROUSEL_ID_COPIED } from './EmbedCarouselModal';

function routes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'POST /api/media/listMediabyID': { body: { data: [popclip(1)], lastEvaluatedKey: null } },
    'GET /api/popclips/carousels': {
      body: { data: [carousel(1, { is_published: true }), carousel(2)] },
    },
    ...extra,
  };
}

async function openList(shop = basicShop(), extra: FakeRoutes = {}) {
  const view = renderApp({ path: '/popclips/list', shop, routes: routes(extra) });
  await pageTitle('Popclips: Shoppable Videos');
  return view;
}

describe('carousel manager', () => {
  it('lists the carousels with their state and the all-popclips banner on paid plans', async () => {
    const view = await openList();
    const list = await screen.findByRole('list', { name: 'Carousels' });
    expect(within(list).getByText('Carousel 1')).toBeVisible();
    expect(within(list).getByText('Published')).toBeVisible();
    expect(within(list).getByText('Draft')).toBeVisible();
    expect(screen.getByText(ALL_POPCLIPS_BANNER_TITLE)).toBeVisible();
    expect(view.calls('GET', '/api/popclips/carousels')[0]?.request.url).toContain(
      'customerId=demo-store.myshopify.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Carousel 2' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?id=carousel-2'));
  });

  it('offers Embed on a published carousel: its id, the block and its embed code', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openList();
    const list = await screen.findByRole('list', { name: 'Carousels' });
    // The draft offers Publish, not Embed.
    expect(within(list).queryByRole('button', { name: 'Embed Carousel 2' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Embed Carousel 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed "Carousel 1"' });
    expect(within(dialog).getByLabelText('Carousel ID')).toHaveValue('carousel-1');
    expect(
      within(dialog).getByText('<div data-popstage-carousel="carousel-1"></div>'),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Add carousel block' }).getAttribute('href'),
    ).toMatch(
      /themes\/current\/editor\?template=index&addAppBlockId=[^/]*\/carousel&target=newAppsSection$/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy ID' }));
    await expectToast(CAROUSEL_ID_COPIED);
    expect(writeText).toHaveBeenLastCalledWith('carousel-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenLastCalledWith('<div data-popstage-carousel="carousel-1"></div>');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('is not shown on the free level', async () => {
    await openList(readyShop());
    await screen.findByText('Clip number 1');
    expect(screen.queryByRole('list', { name: 'Carousels' })).toBeNull();
    expect(screen.queryByText(ALL_POPCLIPS_BANNER_TITLE)).toBeNull();
  });

  it('deletes a carousel after confirmation', async () => {
    const view = await openList(basicShop(), {
      'DELETE /api/popclips/carousels/*': { body: { success: true, carousel_id: 'carousel-2' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Carousel 2' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(POPCLIP_TOASTS.carouselDeleted);
    const call = view.requests.find((r) => r.method === 'DELETE');
    expect(call?.url).toBe(
      'http://admin.test/api/popclips/carousels/carousel-2?customerId=demo-store.myshopify.com',
    );
  });

  it('says so when deleting fails', async () => {
    await openList(basicShop(), {
      'DELETE /api/popclips/carousels/*': { status: 500, body: { error: 'x', message: 'boom' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Carousel 2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await expectToast(POPCLIP_TOASTS.carouselDeleteFailed);
  });

  it('publishes a draft from the list through the steps modal', async () => {
    const view = await openList(basicShop(), {
      'POST /api/popclips/carousels/carousel-2/publish': {
        body: { data: carousel(2, { is_published: true }) },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish your carousel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish carousel' }));
    await expectToast('Carousel published');
    expect(view.calls('POST', '/api/popclips/carousels/carousel-2/publish')).toHaveLength(1);
  });
});

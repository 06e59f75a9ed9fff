import type { ListMediaResponse, Popclip } from '@popstage/core/popclips';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { premiumShop } from '../../../test/carousel-fixture';
import { popclip } from '../../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { pageTitle } from '../../../test/toasts';

/**
 * The Popclips list is cached for 30 s; a change made on another screen that adds or changes
 * clips must make it read again, or the merchant comes back to a list without the change.
 */

const LIST = '/api/media/listMediabyID';
const SETTINGS = '/api/shopify/shop/popclips/settings';
const REPLAY = {
  id: 'show_0',
  title: 'Autumn sale',
  startsAt: '2026-11-20T18:00:00.000Z',
  status: 'ended',
  productIds: [],
  startedAt: '2026-11-20T18:00:00.000Z',
  endedAt: '2026-11-20T18:45:00.000Z',
  replay: { durationSeconds: 2700, expiresAt: '2027-02-20T18:45:00.000Z' },
};
const SETTINGS_STORED = {
  hidePopClipsOnPDP: false,
  showViewsOnPopClips: false,
  showLikesOnPopClips: true,
  enableShopFeaturesBuyBtn: false,
};

/** The server's list: what `clips` holds when it is asked. */
function server(clips: { current: Popclip[] }): FakeRoutes {
  return {
    [`POST ${LIST}`]: () => {
      const answer: ListMediaResponse = { data: clips.current, lastEvaluatedKey: null };
      return { body: answer };
    },
    'GET /api/live/shows': {
      body: { data: { upcoming: [], replays: [REPLAY], eventsThisMonth: 0, eventsPerMonth: 4 } },
    },
    'GET /api/catalogue/products': {
      body: { data: [], pageInfo: { hasNextPage: false, endCursor: null } },
    },
    'POST /api/live/shows/show_0/popclip': {
      status: 202,
      body: { data: { metaIdentifier: 'clip-2' } },
    },
    [`GET ${SETTINGS}`]: { body: { data: SETTINGS_STORED } },
    [`POST ${SETTINGS}`]: (_request, body) => ({ body: { success: true, data: body } }),
  };
}

async function openList(clips: { current: Popclip[] }) {
  const view = renderApp({ path: '/popclips/list', shop: premiumShop(), routes: server(clips) });
  await pageTitle('Popclips: Shoppable Videos');
  await screen.findByText('Clip number 1');
  expect(view.calls('POST', LIST)).toHaveLength(1);
  return view;
}

describe('Popclips list after a change made elsewhere', () => {
  it('is read again after a replay became a Popclip', async () => {
    const clips = { current: [popclip(1)] };
    const view = await openList(clips);
    const user = userEvent.setup();
    await act(() => view.router.navigate('/live'));
    await user.click(
      await screen.findByRole('button', { name: 'Create Popclip from Autumn sale' }),
    );
    const dialog = await screen.findByRole('dialog');
    clips.current = [popclip(2, { status: 'processing' }), popclip(1)];
    await user.click(within(dialog).getByRole('button', { name: 'Create Popclip' }));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(await screen.findByText('Clip number 2')).toBeVisible();
    expect(view.calls('POST', LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('is read again after the Popclips settings were saved', async () => {
    const clips = { current: [popclip(1)] };
    const view = await openList(clips);
    const user = userEvent.setup();
    await act(() => view.router.navigate('/popclips/settings'));
    await pageTitle('Popclips Settings');
    await user.click(await screen.findByRole('checkbox', { name: 'Show views on Popclips' }));
    await screen.findByText('Unsaved changes');
    clips.current = [popclip(1, { showViews: true, clipViews: 1500 })];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls('POST', SETTINGS)).toHaveLength(1));
    await act(() => view.router.navigate('/popclips/list'));
    expect(await screen.findByText('1.5K views')).toBeVisible();
    expect(view.calls('POST', LIST)).toHaveLength(2);
  });
});

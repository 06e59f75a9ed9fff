import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';

const SHOW = {
  id: 'show_1',
  title: 'Winter drop',
  startsAt: '2026-12-01T18:00:00.000Z',
  status: 'scheduled',
  productIds: ['gid://shopify/Product/1'],
  startedAt: null,
  endedAt: null,
  replay: null,
};
const REPLAY = {
  ...SHOW,
  id: 'show_0',
  title: 'Autumn sale',
  status: 'ended',
  startedAt: '2026-11-20T18:00:00.000Z',
  endedAt: '2026-11-20T18:45:00.000Z',
  replay: { durationSeconds: 2700, expiresAt: '2027-02-20T18:45:00.000Z' },
};

const routes = {
  'GET /api/live/shows': {
    body: { data: { upcoming: [SHOW], replays: [REPLAY], eventsThisMonth: 1, eventsPerMonth: 4 } },
  },
  'GET /api/catalogue/products': {
    body: {
      data: [
        {
          id: 'gid://shopify/Product/1',
          title: 'Wool scarf',
          description: '',
          handle: 'wool-scarf',
          createdAt: '2026-01-01T00:00:00Z',
          amount: '20.00',
          currencyCode: 'USD',
          imgSrc: null,
          imgAlt: null,
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: null },
    },
  },
  'POST /api/live/shows': { status: 201, body: { data: SHOW } },
  'POST /api/live/shows/show_0/popclip': { status: 202, body: { data: { metaIdentifier: 'abc' } } },
};

describe('live shows on /live', () => {
  it('lists upcoming shows and replays with the month’s allowance', async () => {
    renderApp({ path: '/live', shop: readyShop(), routes });
    const upcoming = await screen.findByRole('list', { name: 'Upcoming shows' });
    expect(within(upcoming).getByText('Winter drop')).toBeVisible();
    expect(screen.getByText('1 of 4 live shows this month')).toBeVisible();
    const replays = screen.getByRole('list', { name: 'Replays' });
    expect(within(replays).getByText('Autumn sale')).toBeVisible();
    expect(within(replays).getByText(/45:00 · kept until Feb 20, 2027/)).toBeVisible();
  });

  it('says unlimited for a plan without a monthly limit (the server answers -1)', async () => {
    renderApp({
      path: '/live',
      shop: readyShop(),
      routes: {
        ...routes,
        'GET /api/live/shows': {
          body: { data: { upcoming: [SHOW], replays: [], eventsThisMonth: 7, eventsPerMonth: -1 } },
        },
      },
    });
    expect(await screen.findByText('Unlimited live shows a month')).toBeVisible();
    expect(screen.queryByText(/live shows this month/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Schedule show' })).toBeEnabled();
  });

  it('schedules a show with its products', async () => {
    const user = userEvent.setup();
    const view = renderApp({ path: '/live', shop: readyShop(), routes });
    await user.type(await screen.findByLabelText('Show title'), 'Winter drop');
    await user.type(screen.getByLabelText('Date'), '2026-12-01');
    await user.type(screen.getByLabelText('Start time'), '18:00');
    await user.click(await screen.findByLabelText('Wool scarf'));
    await user.click(screen.getByRole('button', { name: 'Schedule show' }));
    await waitFor(() => expect(view.calls('POST', '/api/live/shows')).toHaveLength(1));
    const [call] = view.calls('POST', '/api/live/shows');
    expect(call?.body).toEqual({
      title: 'Winter drop',
      startsAt: new Date('2026-12-01T18:00').toISOString(),
      productIds: ['gid://shopify/Product/1'],
    });
  });

  it('turns a part of a replay into a Popclip, checking the part first', async () => {
    const user = userEvent.setup();
    const view = renderApp({ path: '/live', shop: readyShop(), routes });
    await user.click(
      await screen.findByRole('button', { name: 'Create Popclip from Autumn sale' }),
    );
    const dialog = await screen.findByRole('dialog');
    const to = within(dialog).getByLabelText('To (seconds)');
    await user.clear(to);
    await user.type(to, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Popclip' }));
    expect(await within(dialog).findByText(/3 seconds to 3 minutes long/)).toBeVisible();
    await user.clear(to);
    await user.type(to, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Create Popclip' }));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(view.calls('POST', '/api/live/shows/show_0/popclip')[0]?.body).toEqual({
      title: 'Autumn sale',
      startSeconds: 0,
      endSeconds: 40,
    });
  });
});

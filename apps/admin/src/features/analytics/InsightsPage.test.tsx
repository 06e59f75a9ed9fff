import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop, withFlags } from '../../test/shop-fixture';

/** The spec's paths, literally (docs/decisions.md: admin tests keep them). */
const page = <T,>(items: T[], more = {}) => ({
  body: { data: { items, cursor: null, hasNextPage: false, hasPreviousPage: false, ...more } },
});

const figures = {
  impressions: 120,
  views: 1234,
  likes: 4,
  clicks: 56,
  add_to_carts: 7,
  orders: 3,
  sales: '150.00',
  direct_sales: '100.00',
  indirect_sales: '30.00',
  influenced_sales: '20.00',
};

const group = (visitors: number, orders: number) => ({ visitors, orders, revenue: orders * 2500 });
function holdoutAnswer(percent: number, estimate: object | null = null) {
  return {
    percent,
    startedAt: percent > 0 ? '2026-11-20T10:00:00.000Z' : null,
    currency: 'USD',
    exposed: group(percent > 0 ? 120 : 0, 4),
    holdout: group(percent > 0 ? 14 : 0, 1),
    estimate,
  };
}

function dashboardRoutes(): FakeRoutes {
  return {
    'GET /dashboard/popclips-summary': page([
      {
        ...figures,
        currency: 'USD',
        time_zone: 'America/New_York',
        from: '2026-10-27',
        to: '2026-11-25',
        window_days: 7,
        popclips_uploaded: 2,
        store_orders: 9,
        store_sales: '900.00',
        previous: null,
      },
    ]),
    'GET /dashboard/popclips-daily': page([{ day: '2026-11-25', ...figures }]),
    'GET /dashboard/popclips-weekly': page([
      {
        week_no: 48,
        year: 2026,
        from: '2026-11-23',
        to: '2026-11-25',
        clicks: 56,
        views: 1234,
        add_to_carts: 7,
        orders: 3,
        sales: '150.00',
        click_rate_percentage: 4.5,
        conversion_percentage: 5.4,
        views_change_percentage: null,
        clicks_change_percentage: null,
        orders_change_percentage: null,
        sales_change_percentage: 25,
      },
    ]),
    'GET /dashboard/popclips-monthly': page([]),
    'GET /dashboard/popclips-stats': page([
      {
        ...figures,
        popclip_id: 'clip-1',
        popclip_title: 'Summer dress',
        currency: 'USD',
        previous: null,
      },
    ]),
    'GET /dashboard/carousels-stats': page([]),
    'GET /api/analytics/attribution-access': { body: { ordersAccess: true } },
    'GET /api/compliance/data-requests': { body: { requests: [] } },
    'GET /api/analytics/holdout': { body: holdoutAnswer(0) },
    'PUT /ingest/productanalytics': { status: 202, body: { accepted: 1 } },
    'GET /api/shopify/shop/cs-reports': {
      body: {
        data: {
          url: 'http://admin.test/reports/insights?token=t',
          expiresAt: '2026-11-25T20:00:00Z',
        },
      },
    },
  };
}

describe('Insights', () => {
  it('shows the native dashboard by default, in the shop currency and time zone', async () => {
    const app = renderApp({ path: '/insights', shop: readyShop(), routes: dashboardRoutes() });
    await screen.findByText('1,234');
    expect(screen.getByText('$150.00', { selector: 'p' })).toBeVisible();
    expect(screen.getByText(/America\/New_York/)).toBeVisible();
    expect(screen.getByText(/3 of 9 store orders/)).toBeVisible();
    // The spec's empty text for a table without rows.
    // The monthly and carousel tables have no rows (they may answer after the summary, which the
    // screen's loader asks first).
    await waitFor(() => expect(screen.getAllByText('No data available')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Summer dress' })).toBeVisible();
    const [summary] = app.calls('GET', '/dashboard/popclips-summary');
    const query = new URL(summary?.request.url ?? '').searchParams;
    expect(query.get('shop_id')).toBe('demo-store.myshopify.com');
    expect(query.get('window')).toBe('7');
    expect(app.calls('GET', '/api/shopify/shop/cs-reports')).toEqual([]);
    await waitFor(() =>
      expect(app.calls('PUT', '/ingest/productanalytics').length).toBeGreaterThan(0),
    );
    expect(app.calls('PUT', '/ingest/productanalytics')[0]?.body).toMatchObject({
      action: 'view',
      category: 'insights',
      shopId: 'demo-store.myshopify.com',
      sessionId: expect.any(String),
    });
  });

  it('asks again with the attribution window the merchant picks', async () => {
    const app = renderApp({ path: '/insights', shop: readyShop(), routes: dashboardRoutes() });
    await screen.findByText('1,234');
    await userEvent.selectOptions(screen.getByLabelText('Attribution window'), '30');
    await waitFor(() =>
      expect(
        app
          .calls('GET', '/dashboard/popclips-summary')
          .some((c) => new URL(c.request.url).searchParams.get('window') === '30'),
      ).toBe(true),
    );
  });

  it('shows the embedded report when only looker_dashboard is on', async () => {
    const shop = withFlags(readyShop(), {
      looker_dashboard: true,
      popclips_analytics_dashboard: false,
    });
    const app = renderApp({ path: '/insights', shop, routes: dashboardRoutes() });
    const frame = await screen.findByTitle('Insights report');
    expect(frame).toHaveAttribute('src', 'http://admin.test/reports/insights?token=t');
    const [call] = app.calls('GET', '/api/shopify/shop/cs-reports');
    expect(new URL(call?.request.url ?? '').search).toBe('?dashboardId=737&subdomain=data');
    expect(app.calls('GET', '/dashboard/popclips-summary')).toEqual([]);
  });

  it('shows the native dashboard when both flags are on', async () => {
    const shop = withFlags(readyShop(), {
      looker_dashboard: true,
      popclips_analytics_dashboard: true,
    });
    renderApp({ path: '/insights', shop, routes: dashboardRoutes() });
    await screen.findByText('1,234');
    expect(screen.queryByTitle('Insights report')).toBeNull();
  });

  it('pages the Popclips table by cursor, back again, and starts over on a new search', async () => {
    const routes = dashboardRoutes();
    routes['GET /dashboard/popclips-stats'] = (request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const title = cursor ? 'Second page clip' : 'Summer dress';
      return page(
        [{ ...figures, popclip_id: title, popclip_title: title, currency: 'USD', previous: null }],
        cursor ? { hasPreviousPage: true } : { cursor: 'page-2', hasNextPage: true },
      );
    };
    const app = renderApp({ path: '/insights', shop: readyShop(), routes });
    await screen.findByRole('button', { name: 'Summer dress' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Second page clip' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('button', { name: 'Summer dress' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Second page clip' });
    await userEvent.type(screen.getByPlaceholderText('Search by title'), 'dress');
    await screen.findByRole('button', { name: 'Summer dress' });
    const last = app.calls('GET', '/dashboard/popclips-stats').at(-1);
    const query = new URL(last?.request.url ?? '').searchParams;
    expect(query.get('searchValue')).toBe('dress');
    expect(query.get('cursor')).toBeNull();
  });

  it('says why sales stay at zero until Shopify approves protected customer data access', async () => {
    const routes = dashboardRoutes();
    renderApp({ path: '/insights', shop: readyShop(), routes });
    await screen.findByText('1,234');
    expect(screen.queryByText('Sales attribution is off for now')).toBeNull();

    routes['GET /api/analytics/attribution-access'] = { body: { ordersAccess: false } };
    renderApp({ path: '/insights', shop: readyShop(), routes });
    expect(await screen.findByText('Sales attribution is off for now')).toBeVisible();
    expect(screen.getByText(/orders can't be credited to your Popclips/)).toBeVisible();
  });

  describe('holdout test', () => {
    it('starts a test at the share the merchant picks and says when there is not enough data', async () => {
      const routes = dashboardRoutes();
      routes['PUT /api/analytics/holdout'] = (_request, body) => ({
        body: holdoutAnswer((body as { percent: number }).percent),
      });
      const app = renderApp({ path: '/insights', shop: readyShop(), routes });
      const select = await screen.findByLabelText("Visitors who don't see Popclips");
      await waitFor(() => expect(select).toBeEnabled());
      expect(select).toHaveValue('0');
      await userEvent.selectOptions(select, '10');
      await waitFor(() => expect(app.calls('PUT', '/api/analytics/holdout')).toHaveLength(1));
      expect(app.calls('PUT', '/api/analytics/holdout')[0]?.body).toEqual({ percent: 10 });
      expect(
        await screen.findByText(/Not enough data yet: 120 visitors saw Popclips and 14 did not/),
      ).toBeVisible();
      expect(screen.getByLabelText("Visitors who don't see Popclips")).toHaveValue('10');
    });

    it('shows the revenue Popclips add per visitor with its range', async () => {
      const routes = dashboardRoutes();
      routes['GET /api/analytics/holdout'] = {
        body: holdoutAnswer(20, {
          exposedPerVisitor: 412.5,
          holdoutPerVisitor: 300,
          incrementalPerVisitor: 112.5,
          low: 20.25,
          high: 204.75,
        }),
      };
      renderApp({ path: '/insights', shop: readyShop(), routes });
      expect(await screen.findByText('$1.13 per visitor')).toBeVisible();
      expect(screen.getByText(/95% range \$0\.20 to \$2\.05/)).toBeVisible();
      expect(screen.getByText('$4.13 per visitor')).toBeVisible();
      expect(screen.getByText('$3.00 per visitor')).toBeVisible();
    });
  });

  describe('customer data requests', () => {
    afterEach(() => vi.restoreAllMocks());

    it('lists the requests Shopify sent and downloads one as JSON', async () => {
      const saved: Blob[] = [];
      URL.createObjectURL = vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:export';
      });
      URL.revokeObjectURL = vi.fn();
      const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const exported = { dataRequestId: '9999', orders: [{ orderId: '9001' }] };
      const routes = dashboardRoutes();
      routes['GET /api/compliance/data-requests'] = {
        body: {
          requests: [
            {
              id: '5b3f3bf2-4c1e-4a57-9d53-3f1b2b7c0a11',
              dataRequestId: '9999',
              customerId: '191167',
              receivedAt: '2026-11-20T10:00:00.000Z',
              expiresAt: '2027-02-18T10:00:00.000Z',
              ordersRequested: 3,
              orders: 2,
              events: 4,
              likes: 1,
            },
          ],
        },
      };
      routes['GET /api/compliance/data-requests/5b3f3bf2-4c1e-4a57-9d53-3f1b2b7c0a11'] = {
        body: exported,
      };
      const app = renderApp({ path: '/insights', shop: readyShop(), routes });
      expect(await screen.findByText('Customer data requests')).toBeVisible();
      expect(screen.getByText('2 of 3')).toBeVisible();
      expect(screen.getByText('4 events, 1 like')).toBeVisible();
      await userEvent.click(
        screen.getByRole('button', { name: 'Download the data of request 9999' }),
      );
      await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
      const link = clicks.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('popstage-customer-data-9999.json');
      expect(JSON.parse(await (saved[0] as Blob).text())).toEqual(exported);
      expect(
        app.calls('GET', '/api/compliance/data-requests/5b3f3bf2-4c1e-4a57-9d53-3f1b2b7c0a11'),
      ).toHaveLength(1);
    });
  });
});

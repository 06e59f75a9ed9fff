import { NOTIFICATION_MESSAGES as M } from '@popstage/core/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';

const results = (targeted: number, delivered: number, failed: number, opened = 0) => ({
  targeted,
  delivered,
  failed,
  opened,
  ios: { targeted: 1, delivered: 1, failed: 0 },
  android: { targeted: targeted - 1, delivered: delivered - 1, failed },
});
const item = (n: number, status: 'pending' | 'sent' | 'failed', extra: object = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Notification ${n}`,
  body: `Body ${n}`,
  status,
  sentAt: status === 'sent' ? '2026-11-20T15:00:00.000Z' : null,
  scheduledAt: '2026-11-20T15:00:00.000Z',
  route: null,
  results: status === 'pending' ? results(1, 1, 0) : results(3, 2, 1, 1),
  failureReason: null,
  ...extra,
});
const page = (items: object[], extra: object = {}) => ({
  body: {
    data: {
      items,
      hasPreviousPage: false,
      hasNextPage: false,
      cursor: { previous: null, next: null },
      timeZone: 'America/New_York',
      ...extra,
    },
  },
});
const base: FakeRoutes = {
  'GET /api/shopify/shop/mobile/app-request': { body: { data: null } },
  'GET /api/mobile/catalogue/collections': { body: { data: [] } },
  'GET /api/catalogue/collections': { body: { data: [] } },
};

describe('notifications tab', () => {
  it('lists status, time, results and why a send failed; deletes only what was not sent', async () => {
    const view = renderApp({
      path: '/mobile/notifications-banners',
      shop: readyShop(),
      routes: {
        ...base,
        'GET /api/shopify/shop/mobile/notifications': page(
          [
            item(1, 'pending'),
            item(2, 'sent'),
            item(3, 'failed', { failureReason: 'APNs 410 Unregistered' }),
          ],
          { hasNextPage: true, cursor: { previous: null, next: 'next-cursor' } },
        ),
        'DELETE /api/shopify/shop/mobile/notifications/*': { body: { success: true } },
      },
    });
    await pageTitle('Mobile App Builder');
    const pending = await screen.findByText('Notification 1');
    expect(screen.getByText('Pending')).toBeVisible();
    expect(screen.getByText('Sent')).toBeVisible();
    expect(screen.getByText('Failed')).toBeVisible();
    // 15:00 UTC is 10:00 in New York, the shop's zone.
    expect(screen.getByText('Sent Nov 20, 2026 10:00')).toBeVisible();
    expect(screen.getByText('Scheduled for Nov 20, 2026 10:00')).toBeVisible();
    expect(screen.getByText('APNs 410 Unregistered')).toBeVisible();
    expect(screen.getAllByText(/3 targeted · 2 delivered · 1 failed · 1 opened/)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Delete Notification 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Notification 3' })).toBeVisible();
    expect(pending).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Notification 1' }));
    await expectToast(M.deleted);
    expect(
      view.calls('DELETE', `/api/shopify/shop/mobile/notifications/${item(1, 'pending').id}`),
    ).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        view
          .calls('GET', '/api/shopify/shop/mobile/notifications')
          .some((call) => call.request.url.includes('cursor=next-cursor')),
      ).toBe(true),
    );
  });

  it('shows the spec’s toast when the list cannot be read, and the empty state otherwise', async () => {
    renderApp({
      path: '/mobile/notifications-banners',
      shop: readyShop(),
      routes: {
        ...base,
        'GET /api/shopify/shop/mobile/notifications': {
          status: 500,
          body: { error: 'x', message: 'x' },
        },
      },
    });
    await expectToast(M.listFailed);
  });

  it('opens compose from Compose Push Notification', async () => {
    renderApp({
      path: '/mobile/notifications-banners',
      shop: readyShop(),
      routes: { ...base, 'GET /api/shopify/shop/mobile/notifications': page([]) },
    });
    expect(await screen.findByText('No Results')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: M.compose }));
    await pageTitle(M.compose);
  });
});

describe('compose push notification', () => {
  const compose = (answer: FakeRoutes[string]) =>
    renderApp({
      path: '/mobile/notification',
      shop: readyShop(),
      routes: {
        ...base,
        'GET /api/shopify/shop/mobile/notifications': page([]),
        'POST /api/shopify/shop/mobile/notifications': answer,
      },
    });

  it('shows the app request’s status banners at the top, as every mobile screen does', async () => {
    const shop = readyShop();
    renderApp({
      path: '/mobile/notification',
      shop: readyShop({
        mobileApp: {
          ...shop.mobileApp,
          requestSubmitted: true,
          iosStatus: 'Review',
          androidStatus: 'in progress',
          customerIssue: 'Add a demo account for the reviewers',
        },
      }),
      routes: { ...base, 'GET /api/shopify/shop/mobile/notifications': page([]) },
    });
    await pageTitle(M.compose);
    const titles = [
      'Customer Action Required',
      'iOS App Under Review',
      'Android App Approval Pending',
    ];
    for (const title of titles) expect(await screen.findByText(title)).toBeVisible();
    expect(screen.getByText('Add a demo account for the reviewers')).toBeVisible();
    // Above the form.
    const form = screen.getByLabelText('Title');
    for (const title of titles) {
      expect(
        screen.getByText(title).compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it('checks title and body, turns double quotes into single ones, sends and goes back to the list', async () => {
    const view = compose({
      body: {
        id: item(1, 'sent').id,
        title: 't',
        body: 'b',
        sentAt: null,
        scheduledAt: '2026-11-20T15:00:00.000Z',
      },
    });
    await pageTitle(M.compose);
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findAllByText(M.required)).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/Title/), 'The "big" sale');
    await userEvent.type(screen.getByLabelText(/Body/), 'Up to 50% off');
    expect(screen.getByLabelText(/Title/)).toHaveValue("The 'big' sale");
    expect(screen.getByText('13/150')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await expectToast(M.sent);
    expect(view.calls('POST', '/api/shopify/shop/mobile/notifications')[0]?.body).toEqual({
      type: 'custom',
      title: "The 'big' sale",
      body: 'Up to 50% off',
      sentAt: null,
      route: null,
    });
    await pageTitle('Mobile App Builder');
  });

  it('needs a date and a time to schedule, and shows the 4-minute rule the server answers', async () => {
    compose({ status: 400, body: { error: 'Bad Request', message: M.leadTime } });
    await pageTitle(M.compose);
    await userEvent.type(screen.getByLabelText(/Title/), 'Later');
    await userEvent.type(screen.getByLabelText(/Body/), 'Soon');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule for later' }));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule notification' }));
    expect(await screen.findByText(M.dateAndTime)).toBeVisible();
    // Tomorrow in the shop's zone, at the first time offered.
    const dateField = screen.getByLabelText('Date') as HTMLInputElement;
    const tomorrow = new Date(Date.parse(`${dateField.min}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await userEvent.type(dateField, tomorrow);
    const timeSelect = screen.getByLabelText('Time') as HTMLSelectElement;
    const options = within(timeSelect)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('00:05');
    await userEvent.selectOptions(timeSelect, '09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule notification' }));
    expect(await screen.findByText(M.leadTime)).toBeVisible();
  });

  it('shows Failed to sent notification when the server fails', async () => {
    compose({ status: 500, body: { error: 'Internal Server Error', message: 'x' } });
    await pageTitle(M.compose);
    await userEvent.type(screen.getByLabelText(/Title/), 'T');
    await userEvent.type(screen.getByLabelText(/Body/), 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await expectToast(M.sendFailed);
  });
});

import { BILLING_MESSAGES } from '@popstage/core/billing';
import type { Shop } from '@popstage/core/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDONS, lineItemsFor, subscriptionWith } from '../../test/billing-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';

const PENDING_ID = '00000000-0000-4000-8000-0000000000aa';

const shopWithPendingChange = (): Shop =>
  readyShop({
    subscription: subscriptionWith([ADDONS.popclipsBasic]),
    pendingSubscription: {
      id: PENDING_ID,
      draft: { id: 'draft-9', lineItems: lineItemsFor([ADDONS.popclipsPremium, ADDONS.livePro]) },
    },
  });

async function openReview(
  path: string,
  title: string,
  routes: FakeRoutes,
  shop: Shop | (() => Shop) = shopWithPendingChange(),
) {
  const view = renderApp({ path, shop, routes });
  await pageTitle(title);
  expect(await screen.findByText('A plan change is waiting for you')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Review Plan Change' }));
  const dialog = await screen.findByRole('dialog');
  return { view, dialog };
}

describe('pending plan change', () => {
  it.each([
    ['/', 'Welcome to Popstage'],
    ['/manage/plans', 'Subscription'],
  ])('on %s: summary modal, Accept Plan Change, then the approval page', async (path, title) => {
    const { view, dialog } = await openReview(path, title, {
      'POST /api/shopify/shop/subscription/purchase-url': {
        body: {
          confirmationUrl: 'http://admin.test/sandbox/billing/confirm/11',
          subscription: subscriptionWith([ADDONS.popclipsPremium, ADDONS.livePro], {
            status: 'PENDING',
          }),
        },
      },
    });
    expect(within(dialog).getByText('Popclips: Shoppable Videos: Premium')).toBeVisible();
    expect(within(dialog).getByText('Live Selling: Pro')).toBeVisible();
    expect(within(dialog).getByText('$249.98/month')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Plan Change' }));
    await waitFor(() =>
      expect(view.redirects).toEqual(['http://admin.test/sandbox/billing/confirm/11']),
    );
    expect(view.calls('POST', '/api/shopify/shop/subscription/purchase-url')[0]?.body).toEqual({
      pendingSubscriptionId: PENDING_ID,
    });
    expect(view.calls('PUT', '/ingest/appevents')[0]?.body).toMatchObject({
      properties: { reason: 'upgrade_spontaneous', source: 'pending_plan_change' },
    });
  });

  it('a free change is active at once: shop reloaded, banner gone, on landing', async () => {
    let shop = shopWithPendingChange();
    const stub = subscriptionWith([ADDONS.popclipsFree], { isStubSubscription: true });
    const { view, dialog } = await openReview(
      '/manage/plans',
      'Subscription',
      {
        'POST /api/shopify/shop/subscription/purchase-url': () => {
          shop = readyShop({ subscription: stub });
          return { body: { confirmationUrl: null, subscription: stub } };
        },
      },
      () => shop,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Plan Change' }));
    await pageTitle('Welcome to Popstage');
    expect(view.pathname()).toBe('/');
    await waitFor(() => expect(screen.queryByText('A plan change is waiting for you')).toBeNull());
  });

  it('toasts when the purchase link cannot be had', async () => {
    const { view, dialog } = await openReview('/', 'Welcome to Popstage', {
      'POST /api/shopify/shop/subscription/purchase-url': {
        status: 404,
        body: { error: 'x', message: 'x' },
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Plan Change' }));
    await expectToast(BILLING_MESSAGES.checkoutLinkFailed);
    expect(view.redirects).toEqual([]);
  });

  it('shows no banner without a pending change', async () => {
    renderApp({ path: '/', shop: readyShop() });
    await pageTitle('Welcome to Popstage');
    expect(screen.queryByText('A plan change is waiting for you')).toBeNull();
  });
});

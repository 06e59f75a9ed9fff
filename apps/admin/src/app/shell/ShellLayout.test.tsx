import { BILLING_MESSAGES } from '@popstage/core/billing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentAppBridge } from '../../test/app-bridge';
import { renderApp, TEST_TOKEN } from '../../test/render-app';
import { readyShop, withFlags } from '../../test/shop-fixture';
import { expectToast, toastTexts } from '../../test/toasts';

const pageTitle = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('loading screen', () => {
  it('shows the spec text, a spinner and the Custom Carousel slide while the shop loads', async () => {
    renderApp({ path: '/', shop: 'pending' });
    expect(await screen.findByText('Hold tight! Your experience is loading...')).toBeVisible();
    expect(screen.getByText('Custom Carousel')).toBeVisible();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});

describe('shop load', () => {
  it("sends App Bridge's session token on the shop call", async () => {
    const { requests } = renderApp({ path: '/', shop: readyShop() });
    await pageTitle('Welcome to Popstage');
    const shopCall = requests.find((r) => r.url.endsWith('/api/shopify/shop'));
    expect(shopCall?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  describe('on failure', () => {
    it('asks App Bridge for a 5-second error toast and keeps the message on the page', async () => {
      renderApp({
        path: '/',
        shop: { status: 401, body: { error: 'unauthorized', message: 'Bad token' } },
      });
      const message = 'Could not load store state. Please contact support.';
      await waitFor(() =>
        expect(currentAppBridge()?.toasts).toEqual([
          expect.objectContaining({ message, isError: true, duration: 5000 }),
        ]),
      );
      expect(screen.getByText(message)).toBeVisible();
      expect(screen.queryByText('Hold tight! Your experience is loading...')).toBeNull();
    });

    it('offers Try again in a titled page, which loads the shop once it answers', async () => {
      let calls = 0;
      renderApp({
        path: '/',
        shop: () =>
          ++calls === 1
            ? { status: 503, body: { error: 'Service Unavailable', message: 'Down' } }
            : readyShop(),
      });
      await pageTitle('Popstage');
      await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      await pageTitle('Welcome to Popstage');
      expect(calls).toBe(2);
    });
  });
});

describe('billing return', () => {
  it('says nothing was charged after a declined charge, once, and drops the query', async () => {
    const view = renderApp({ path: '/?charge=declined', shop: readyShop() });
    await expectToast(BILLING_MESSAGES.chargeDeclined);
    expect(BILLING_MESSAGES.chargeDeclined).toBe(
      'You declined the charge. Nothing was charged and your plan did not change.',
    );
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
    expect(toastTexts()).toEqual([BILLING_MESSAGES.chargeDeclined]);
  });
});

describe('guard wiring', () => {
  it('renders the page when every guard passes', async () => {
    const view = renderApp({ path: '/insights', shop: readyShop() });
    await pageTitle('Insights');
    expect(view.pathname()).toBe('/insights');
  });

  it('shows access denied everywhere for a deactivated shop, without a menu', async () => {
    const view = renderApp({
      path: '/account/plans',
      shop: withFlags(readyShop({ subscriptionActive: false }), { deactivate_shop: true }),
    });
    await pageTitle('Access Denied');
    expect(view.pathname()).toBe('/account/plans');
    expect(screen.queryByRole('link', { name: 'Insights' })).toBeNull();
  });

  it('sends a shop without an active subscription to select plans', async () => {
    const view = renderApp({ path: '/insights', shop: readyShop({ subscriptionActive: false }) });
    await pageTitle('Select Plan');
    expect(view.pathname()).toBe('/account/plans');
  });

  it('sends an active subscription away from select plans to landing', async () => {
    const view = renderApp({ path: '/account/plans', shop: readyShop() });
    await pageTitle('Welcome to Popstage');
    expect(view.pathname()).toBe('/');
  });

  it('sends a shop without an account to create account, and away once created', async () => {
    const first = renderApp({ path: '/resources', shop: readyShop({ csStoreCreated: false }) });
    await pageTitle('Create Account');
    expect(first.pathname()).toBe('/account/create');
    first.unmount();

    const second = renderApp({ path: '/account/verify', shop: readyShop() });
    await pageTitle('Welcome to Popstage');
    expect(second.pathname()).toBe('/');
  });

  it('denies the mobile area without the feature and shows the plan code', async () => {
    const view = renderApp({
      path: '/mobile/appearance',
      shop: readyShop({ enabledFeatures: ['popclips', 'live'] }),
    });
    await pageTitle('Access Denied');
    expect(screen.getByText('Plan: bundle-flexible-2025-monthly')).toBeVisible();
    expect(view.pathname()).toBe('/mobile/appearance');
  });

  it('sends the live page to landing without the feature', async () => {
    const view = renderApp({ path: '/live', shop: readyShop({ enabledFeatures: ['popclips'] }) });
    await pageTitle('Welcome to Popstage');
    expect(view.pathname()).toBe('/');
  });

  it('sends main pages to get-started until onboarding is done', async () => {
    const view = renderApp({
      path: '/popclips/list',
      shop: readyShop({ firstPopclipCreated: false, onBoardedOn: '2025-02-01T00:00:00Z' }),
    });
    await pageTitle('Get Started');
    expect(view.pathname()).toBe('/get-started');
  });

  it('lets shops onboarded before the cut-off past get-started', async () => {
    const view = renderApp({
      path: '/popclips/list',
      shop: readyShop({ firstPopclipCreated: false, onBoardedOn: '2024-11-30T00:00:00Z' }),
    });
    await pageTitle('Popclips: Shoppable Videos');
    expect(view.pathname()).toBe('/popclips/list');
  });

  it('opens /mobile at mobile setup while the app has no store link', async () => {
    const view = renderApp({ path: '/mobile', shop: readyShop() });
    await pageTitle('Mobile App Builder');
    expect(view.pathname()).toBe('/mobile/setup');
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp({ path: '/no/such/page', shop: readyShop() });
    await pageTitle('There is no page at this address');
  });
});

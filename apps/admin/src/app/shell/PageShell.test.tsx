import type { Shop } from '@popstage/core/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';

const title = (name: string) => screen.findByRole('heading', { level: 1, name });
const NOTE =
  'Your current plan shows the discount it has now; the plan prices below do not reflect discounts, and previously applied discounts do not carry over to a new plan.';

describe('page shell footer', () => {
  it('shows the support e-mail and the help-center link', async () => {
    renderApp({ path: '/insights', shop: readyShop() });
    await title('Insights');
    const email = screen.getByRole('link', { name: 'support@popstage.example' });
    expect(email).toHaveAttribute('href', 'mailto:support@popstage.example');
    const help = screen.getByRole('link', { name: 'Help Center' });
    expect(help).toHaveAttribute('href', 'https://help.popstage.example');
    expect(help).toHaveAttribute('target', '_blank');
  });

  it('opens the app’s own help center in the app', async () => {
    const shop = readyShop();
    shop.config.helpCenterUrl = `${window.location.origin}/resources`;
    renderApp({ path: '/insights', shop });
    await title('Insights');
    const help = screen.getByRole('link', { name: 'Help Center' });
    expect(help).toHaveAttribute('href', '/resources');
    expect(help).not.toHaveAttribute('target');
  });

  it("gives the page title to the admin's title bar", async () => {
    renderApp({ path: '/resources', shop: readyShop() });
    await title('Resources');
    await waitFor(() =>
      expect(document.querySelector('ui-title-bar')?.getAttribute('title')).toBe('Resources'),
    );
  });
});

describe('support button', () => {
  it('shows with the core store account, an active subscription and a help-widget key', async () => {
    renderApp({ path: '/insights', shop: readyShop() });
    await title('Insights');
    // Polaris renders header actions twice (wide and narrow layouts); it opens the widget
    // (features/help/support).
    const [support] = screen.getAllByRole('button', { name: 'Support' });
    expect(support).toBeVisible();
  });

  it.each<[string, Partial<Shop>, string]>([
    ['the core store account is missing', { csStoreCreated: false }, '/account/create'],
    ['the subscription is inactive', { subscriptionActive: false }, '/account/plans'],
  ])('hides when %s', async (_label, overrides, path) => {
    renderApp({ path, shop: readyShop(overrides) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryAllByRole('button', { name: 'Support' })).toEqual([]);
  });

  it('hides without a help-widget key', async () => {
    const shop = readyShop();
    renderApp({
      path: '/insights',
      shop: { ...shop, config: { ...shop.config, helpWidgetKey: null } },
    });
    await title('Insights');
    expect(screen.queryAllByRole('button', { name: 'Support' })).toEqual([]);
  });
});

describe('back arrow', () => {
  it.each([
    ['/manage/plans', 'Subscription', '/'],
    ['/mobile/setup', 'Mobile App Builder', '/'],
    ['/mobile/appearance', 'Mobile App Builder', '/'],
    ['/mobile/notification', 'Compose Push Notification', '/mobile/notifications-banners'],
  ])('on %s leads to %s', async (path, pageName, target) => {
    const view = renderApp({ path, shop: readyShop() });
    await title(pageName);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    // The next screen's code loads before the router moves.
    await waitFor(() => expect(view.pathname()).toBe(target));
  });

  it.each([
    ['/', 'Welcome to Popstage'],
    ['/insights', 'Insights'],
  ])('is absent on %s', async (path, pageName) => {
    renderApp({ path, shop: readyShop() });
    await title(pageName);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('manage-plans note', () => {
  it('tells about discounts on manage plans', async () => {
    renderApp({ path: '/manage/plans', shop: readyShop() });
    await title('Subscription');
    expect(screen.getByText(NOTE)).toBeVisible();
  });

  it('and the back arrow are not on Access Denied shown at /manage/plans (a deactivated shop)', async () => {
    const shop = readyShop();
    shop.featureFlags = { ...shop.featureFlags, deactivate_shop: true };
    renderApp({ path: '/manage/plans', shop });
    await title('Access Denied');
    expect(screen.queryByText(NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('is not on other pages', async () => {
    renderApp({ path: '/insights', shop: readyShop() });
    await title('Insights');
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});

describe('not-found page', () => {
  it('says there is no page at this address and links home', async () => {
    const view = renderApp({ path: '/popclips/unknown', shop: readyShop() });
    await title('There is no page at this address');
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Home' }));
    expect(view.pathname()).toBe('/');
  });
});

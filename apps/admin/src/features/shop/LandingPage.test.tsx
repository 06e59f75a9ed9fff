import type { Addon, MobileAppCardFacts } from '@popstage/core/billing';
import { NO_REVIEW } from '@popstage/core/mobile';
import type { Shop } from '@popstage/core/shop';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDONS, gatingWire, subscriptionWith } from '../../test/billing-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { pageTitle } from '../../test/toasts';

async function openLanding(shop: Shop = readyShop(), routes: FakeRoutes = {}) {
  const view = renderApp({ path: '/', shop, routes });
  await pageTitle('Welcome to Popstage');
  return view;
}

const withPopclips = (addon: Addon) =>
  readyShop({ subscription: subscriptionWith([addon]), enabledFeatures: ['popclips'] });

const card = (heading: string) =>
  screen
    .getByRole('heading', { level: 2, name: heading })
    .closest('.Polaris-ShadowBevel') as HTMLElement;

describe('landing', () => {
  it('links to a free onboarding call from the title', async () => {
    await openLanding();
    const link = screen.getByRole('link', { name: 'Schedule a free onboarding call' });
    expect(link).toHaveAttribute('href', 'https://calendly.com/popstage/onboarding');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows the Popclips card with its buttons', async () => {
    const view = await openLanding(withPopclips(ADDONS.popclipsFree));
    const popclips = card('Popclips: Shoppable Videos');
    expect(
      within(popclips).getByText('Shoppable short videos with up to 5 tagged products each'),
    ).toBeVisible();
    expect(within(popclips).getByRole('link', { name: 'Manage Popclips' })).toHaveAttribute(
      'href',
      '/popclips/list',
    );
    await userEvent.click(within(popclips).getByRole('button', { name: 'Upgrade Plan' }));
    await pageTitle('Subscription');
    expect(view.pathname()).toBe('/manage/plans');
  });

  it.each([
    ['no popclips add-on', readyShop(), 'upgrade', true],
    ['free', withPopclips(ADDONS.popclipsFree), 'upgrade', true],
    ['basic (29.99)', withPopclips(ADDONS.popclipsBasic), 'manage', true],
    ['premium (149.99)', withPopclips(ADDONS.popclipsPremium), 'manage', false],
  ] as const)(
    'carousel and white-label buttons on %s',
    async (_case, shop, carousel, whiteLabel) => {
      await openLanding(shop);
      const popclips = card('Popclips: Shoppable Videos');
      if (carousel === 'manage') {
        expect(
          within(popclips).getByRole('link', { name: 'Manage custom carousels' }),
        ).toBeVisible();
        expect(
          within(popclips).queryByRole('button', { name: 'Upgrade for custom carousels' }),
        ).toBeNull();
      } else {
        expect(
          within(popclips).getByRole('button', { name: 'Upgrade for custom carousels' }),
        ).toHaveTextContent('Upgrade for $29.99/month');
      }
      expect(
        within(popclips).queryByRole('button', { name: 'Upgrade for white label' }) !== null,
      ).toBe(whiteLabel);
    },
  );

  it.each([
    ['no popclips add-on', readyShop(), false],
    ['free', withPopclips(ADDONS.popclipsFree), false],
    ['basic', withPopclips(ADDONS.popclipsBasic), true],
    ['premium', withPopclips(ADDONS.popclipsPremium), true],
  ] as const)(
    'lists the Instagram/TikTok import (a Basic feature) on %s: %s',
    async (_case, shop, listed) => {
      await openLanding(shop);
      const popclips = card('Popclips: Shoppable Videos');
      expect(
        within(popclips).queryByText('Import your videos from Instagram and TikTok') !== null,
      ).toBe(listed);
    },
  );

  it('offers no Upgrade Plan on Premium, the top Popclips plan', async () => {
    await openLanding(withPopclips(ADDONS.popclipsPremium));
    const popclips = card('Popclips: Shoppable Videos');
    expect(within(popclips).getByRole('link', { name: 'Manage Popclips' })).toBeVisible();
    expect(within(popclips).queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('hides the white-label upgrade from 148.00', async () => {
    const custom = {
      ...ADDONS.popclipsBasic,
      id: 'addon-popclips-custom',
      price: [{ amount: '148.00', currencyCode: 'USD' }],
    };
    await openLanding(withPopclips(custom));
    expect(screen.queryByRole('button', { name: 'Upgrade for white label' })).toBeNull();
  });

  const facts = (overrides: Partial<MobileAppCardFacts>): MobileAppCardFacts => ({
    ...NO_REVIEW,
    requestSubmitted: false,
    ...overrides,
  });

  it.each([
    [
      'a customer issue',
      facts({ customerIssue: 'Demo account needed', iosLink: 'x' }),
      'Action Required',
      true,
      '/mobile/setup',
    ],
    [
      'status CUSTOMER',
      facts({ androidStatus: 'customer' }),
      'Action Required',
      true,
      '/mobile/setup',
    ],
    [
      'a blocked description',
      facts({ blockedDescription: 'Name taken', iosLink: 'x' }),
      'Approval Blocked',
      true,
      '/mobile/setup',
    ],
    [
      'status BLOCKED',
      facts({ iosStatus: 'BLOCKED', requestSubmitted: true }),
      'Approval Blocked',
      true,
      '/mobile/setup',
    ],
    [
      'an iOS link',
      facts({ iosLink: 'https://apps.apple.com/app/1', requestSubmitted: true }),
      'Manage',
      false,
      '/mobile/notifications-banners',
    ],
    [
      'an Android link',
      facts({ androidLink: 'https://play.google.com/x' }),
      'Manage',
      false,
      '/mobile/notifications-banners',
    ],
    [
      'a submitted request',
      facts({ requestSubmitted: true }),
      'Approval Pending',
      false,
      '/mobile/setup',
    ],
    ['nothing yet', facts({}), 'Set Up', false, '/mobile/setup'],
  ])('Mobile App card with %s: %s', async (_case, mobileApp, label, critical, href) => {
    await openLanding(readyShop({ mobileApp }));
    const button = within(card('Mobile App')).getByRole('link', { name: label });
    expect(button).toHaveAttribute('href', href);
    expect(button.className.includes('toneCritical')).toBe(critical);
  });

  it('sends the Mobile App card to the plans when mobile is not in the plan', async () => {
    await openLanding(readyShop({ enabledFeatures: ['popclips'] }));
    expect(within(card('Mobile App')).getByRole('link', { name: 'Set Up' })).toHaveAttribute(
      'href',
      '/manage/plans',
    );
  });

  it('leads the Live Selling card to /live or to the plans', async () => {
    await openLanding();
    expect(
      within(card('Live Selling')).getByRole('link', { name: 'Manage Live Sales' }),
    ).toHaveAttribute('href', '/live');
  });

  it('offers live selling to a shop without it', async () => {
    await openLanding(readyShop({ enabledFeatures: ['popclips'] }));
    expect(within(card('Live Selling')).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/manage/plans',
    );
  });

  it('shows the view-limit banner once access is limited', async () => {
    await openLanding(withPopclips(ADDONS.popclipsBasic), {
      'GET /api/shopify/shop/popclips/gating': {
        body: { data: gatingWire({ limit_access: true, total_views: 15200 }) },
      },
    });
    expect(
      await screen.findByText("You've reached your current plan's view limits of 15,000"),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns at 80 percent of a free or basic limit, once per session', async () => {
    const routes = {
      'GET /api/shopify/shop/popclips/gating': {
        body: { data: gatingWire({ total_views: 12000 }) },
      },
    };
    const first = await openLanding(withPopclips(ADDONS.popclipsBasic), routes);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("You're close to your monthly view limit")).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();
    await openLanding(withPopclips(ADDONS.popclipsBasic), routes);
    await screen.findByText('Recommended Feature');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not warn under 80 percent or on a limit that is not free or basic', async () => {
    await openLanding(withPopclips(ADDONS.popclipsBasic), {
      'GET /api/shopify/shop/popclips/gating': {
        body: { data: gatingWire({ total_views: 11999 }) },
      },
    });
    await screen.findByText('Recommended Feature');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('Recommended Feature card', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('fills its bar a tick every 100 ms and moves to the next slide after 6 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await openLanding();
      const recommended = screen.getByRole('region', { name: 'Recommended Feature' });
      expect(within(recommended).getByText('1 of 4')).toBeVisible();
      expect(within(recommended).getByRole('heading', { name: 'Custom Carousels' })).toBeVisible();
      const progress = () => Number(recommended.querySelector('progress')?.getAttribute('value'));
      const start = progress();
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(progress() - start).toBeGreaterThan(40);
      // What a screen reader reads: a whole percent.
      expect(Number.isInteger(progress())).toBe(true);
      expect(recommended.querySelector('progress + div span')?.textContent).toMatch(/^\d+%$/);
      await act(() => vi.advanceTimersByTimeAsync(3200));
      expect(within(recommended).getByText('2 of 4')).toBeVisible();
      expect(within(recommended).getByRole('heading', { name: 'Live Selling' })).toBeVisible();
    });

    it.each([
      ['Free', ADDONS.popclipsFree, 'Upgrade Plan', '/manage/plans'],
      ['Basic', ADDONS.popclipsBasic, 'Create Carousel', '/popclips/create-carousel'],
    ])('offers the Custom Carousel slide on %s as %s', async (_plan, addon, action, href) => {
      await openLanding(withPopclips(addon));
      const recommended = screen.getByRole('region', { name: 'Recommended Feature' });
      expect(within(recommended).getByRole('heading', { name: 'Custom Carousels' })).toBeVisible();
      expect(within(recommended).getByRole('link', { name: action })).toHaveAttribute('href', href);
    });
  });
});

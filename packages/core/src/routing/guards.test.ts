import { describe, expect, it } from 'vitest';
import { type GuardShop, guardRoute, isMainPage, isOnboardingComplete } from './guards';
import { ROUTES, type RoutePattern } from './paths';

/** A shop that passes every guard; each test breaks exactly what it is about. */
function readyShop(overrides: Partial<GuardShop> = {}): GuardShop {
  return {
    featureFlags: {
      deactivate_shop: false,
      looker_dashboard: false,
      popclips_analytics_dashboard: false,
      disable_push_notification: false,
    },
    subscriptionActive: true,
    csStoreCreated: true,
    popshopliveAccountCreated: true,
    enabledFeatures: ['popclips', 'mobile', 'live'],
    activePlan: { skuCode: 'bundle-flexible-2025-monthly' },
    embedEnabled: true,
    livePageCreated: true,
    publishedProductsToSalesChannelCount: 3,
    firstPopclipCreated: true,
    skippedFirstPopclipsCreation: false,
    onBoardedOn: '2025-01-10T00:00:00.000Z',
    ...overrides,
  };
}

const deactivated = (overrides: Partial<GuardShop> = {}) =>
  readyShop({ ...overrides, featureFlags: { ...readyShop().featureFlags, deactivate_shop: true } });

const ALL_ROUTES = Object.values(ROUTES).map((pattern) =>
  pattern.replace(':id', 'clip-1').replace(':articleId', 'welcome'),
);
const allow = { kind: 'allow' };
const redirectTo = (to: string) => ({ kind: 'redirect', to });

describe('guardRoute: a ready shop', () => {
  it.each(ALL_ROUTES.filter((path) => !path.startsWith('/account') && !path.includes('/account')))(
    'allows %s',
    (path) => {
      expect(guardRoute(path, readyShop())).toEqual(allow);
    },
  );

  it('lets unknown paths through to the not-found page', () => {
    expect(guardRoute('/nowhere', readyShop())).toEqual(allow);
    expect(guardRoute('/popclips/edit', readyShop())).toEqual(allow);
  });

  it('treats a trailing slash and a query string as the same page', () => {
    expect(guardRoute('/account/plans/', readyShop())).toEqual(redirectTo('/'));
    expect(guardRoute('/live?tab=1', readyShop({ enabledFeatures: [] }))).toEqual(redirectTo('/'));
  });
});

describe('guardRoute 1: deactivate_shop', () => {
  it.each([...ALL_ROUTES, '/nowhere'])('denies access at %s', (path) => {
    expect(guardRoute(path, deactivated())).toEqual({
      kind: 'accessDenied',
      reason: 'deactivated',
    });
  });

  it('wins over every later guard', () => {
    const brokenEverywhere = deactivated({
      subscriptionActive: false,
      csStoreCreated: false,
      enabledFeatures: [],
      embedEnabled: false,
    });
    expect(guardRoute('/mobile/setup', brokenEverywhere)).toEqual({
      kind: 'accessDenied',
      reason: 'deactivated',
    });
  });
});

describe('guardRoute 2: subscription', () => {
  const unsubscribed = readyShop({ subscriptionActive: false });

  it.each(ALL_ROUTES.filter((path) => path !== ROUTES.selectPlans))(
    'sends %s to select plans without an active subscription',
    (path) => {
      expect(guardRoute(path, unsubscribed)).toEqual(redirectTo('/account/plans'));
    },
  );

  it('shows select plans without an active subscription', () => {
    expect(guardRoute('/account/plans', unsubscribed)).toEqual(allow);
  });

  it('sends an active subscription away from select plans to landing', () => {
    expect(guardRoute('/account/plans', readyShop())).toEqual(redirectTo('/'));
  });

  it('comes before the account guard', () => {
    const shop = readyShop({ subscriptionActive: false, csStoreCreated: false });
    expect(guardRoute('/insights', shop)).toEqual(redirectTo('/account/plans'));
    expect(guardRoute('/account/create', shop)).toEqual(redirectTo('/account/plans'));
  });

  it('keeps sending to select plans even when the account does not exist yet', () => {
    const shop = readyShop({ subscriptionActive: false, popshopliveAccountCreated: false });
    expect(guardRoute('/account/plans', shop)).toEqual(allow);
  });
});

describe('guardRoute 3: account', () => {
  const noCoreStore = readyShop({ csStoreCreated: false });
  const noLiveAccount = readyShop({ popshopliveAccountCreated: false });

  it.each([
    '/',
    '/get-started',
    '/manage/plans',
    '/insights',
    '/resources',
    '/live',
    '/mobile/setup',
  ])('sends %s to create account while the account is missing', (path) => {
    expect(guardRoute(path, noCoreStore)).toEqual(redirectTo('/account/create'));
    expect(guardRoute(path, noLiveAccount)).toEqual(redirectTo('/account/create'));
  });

  it('sends popclips pages to the popclips account flow', () => {
    expect(guardRoute('/popclips/list', noCoreStore)).toEqual(
      redirectTo('/popclips/account/create'),
    );
    expect(guardRoute('/popclips', noCoreStore)).toEqual(redirectTo('/popclips/account/create'));
  });

  it.each([
    '/account',
    '/account/create',
    '/account/verify',
    '/popclips/account',
    '/popclips/account/create',
    '/popclips/account/verify',
  ])('shows %s while the account is missing', (path) => {
    expect(guardRoute(path, noLiveAccount)).toEqual(allow);
  });

  it.each(['/account', '/account/create', '/account/verify'])(
    'sends %s to landing once the account exists',
    (path) => {
      expect(guardRoute(path, readyShop())).toEqual(redirectTo('/'));
    },
  );

  it.each(['/popclips/account', '/popclips/account/create', '/popclips/account/verify'])(
    'sends %s to the popclips entry once the account exists',
    (path) => {
      expect(guardRoute(path, readyShop())).toEqual(redirectTo('/popclips'));
    },
  );

  it('comes before the feature and onboarding guards', () => {
    const shop = readyShop({ csStoreCreated: false, enabledFeatures: [], embedEnabled: false });
    expect(guardRoute('/mobile', shop)).toEqual(redirectTo('/account/create'));
    expect(guardRoute('/live', shop)).toEqual(redirectTo('/account/create'));
    expect(guardRoute('/account/create', shop)).toEqual(allow);
  });
});

describe('guardRoute 4: mobile feature', () => {
  const withoutMobile = readyShop({ enabledFeatures: ['popclips', 'live'] });

  it.each(ALL_ROUTES.filter((path) => path.startsWith('/mobile')))(
    'denies %s with the plan code',
    (path) => {
      expect(guardRoute(path, withoutMobile)).toEqual({
        kind: 'accessDenied',
        reason: 'missingFeature',
        planCode: 'bundle-flexible-2025-monthly',
      });
    },
  );

  it('gives a null plan code when the shop has no active plan', () => {
    expect(guardRoute('/mobile', readyShop({ enabledFeatures: [], activePlan: null }))).toEqual({
      kind: 'accessDenied',
      reason: 'missingFeature',
      planCode: null,
    });
  });

  it('does not touch other pages', () => {
    expect(guardRoute('/insights', withoutMobile)).toEqual(allow);
    expect(guardRoute('/mobileapp', withoutMobile)).toEqual(allow);
  });

  it('comes before the onboarding guard', () => {
    const shop = readyShop({ enabledFeatures: [], embedEnabled: false });
    expect(guardRoute('/mobile/setup', shop)).toMatchObject({ kind: 'accessDenied' });
  });
});

describe('guardRoute 5: live feature', () => {
  const withoutLive = readyShop({ enabledFeatures: ['popclips', 'mobile'] });

  it('sends /live to landing without the live feature', () => {
    expect(guardRoute('/live', withoutLive)).toEqual(redirectTo('/'));
  });

  it('shows /live with the live feature', () => {
    expect(guardRoute('/live', readyShop({ enabledFeatures: ['live'] }))).toEqual(allow);
  });

  it('comes before the onboarding guard', () => {
    const shop = readyShop({ enabledFeatures: [], livePageCreated: false });
    expect(guardRoute('/live', shop)).toEqual(redirectTo('/'));
  });
});

describe('guardRoute 6: onboarding', () => {
  const MAIN = ALL_ROUTES.filter((path) =>
    isMainPage(path.replace('clip-1', ':id').replace('/welcome', '/:articleId') as RoutePattern),
  );

  it('counts landing, popclips (but the wizard’s create pages), mobile, live, insights and resources (its articles too) as main pages', () => {
    expect(MAIN).toEqual([
      '/',
      '/live',
      '/insights',
      '/resources',
      '/resources/articles/welcome',
      '/popclips',
      '/popclips/list',
      '/popclips/edit/clip-1',
      '/popclips/edit-carousel',
      '/popclips/settings',
      '/mobile',
      '/mobile/notifications-banners',
      '/mobile/appearance',
      '/mobile/custom-menu',
      '/mobile/setup',
      '/mobile/notification',
      '/mobile/setup-customer-account-login',
    ]);
  });

  it.each([
    ['the SDK embed is off', { embedEnabled: false }],
    ['the live page is missing', { livePageCreated: false }],
    ['no product is published', { publishedProductsToSalesChannelCount: 0 }],
    [
      'no first popclip, no skip, onboarded after the cut-off',
      { firstPopclipCreated: false, onBoardedOn: '2024-12-05T00:00:00.000Z' },
    ],
    [
      'no first popclip, no skip, never onboarded',
      { firstPopclipCreated: false, onBoardedOn: null },
    ],
  ] as const)('sends every main page to get-started when %s', (_label, overrides) => {
    for (const path of MAIN) {
      expect(guardRoute(path, readyShop(overrides))).toEqual(redirectTo('/get-started'));
    }
  });

  it.each([
    [
      'the first popclip was skipped',
      { firstPopclipCreated: false, skippedFirstPopclipsCreation: true },
    ],
    [
      'the shop was onboarded before 2024-12-05',
      { firstPopclipCreated: false, onBoardedOn: '2024-12-04T23:59:59.000Z' },
    ],
  ] as const)('lets main pages through when %s', (_label, overrides) => {
    for (const path of MAIN) expect(guardRoute(path, readyShop(overrides))).toEqual(allow);
  });

  it.each(['/get-started', '/manage/plans', '/popclips/create', '/popclips/create-carousel'])(
    'never sends %s to get-started',
    (path) => {
      const shop = readyShop({ embedEnabled: false, publishedProductsToSalesChannelCount: 0 });
      expect(guardRoute(path, shop)).toEqual(allow);
    },
  );

  it('leaves unknown paths to the not-found page', () => {
    expect(guardRoute('/nowhere', readyShop({ embedEnabled: false }))).toEqual(allow);
  });
});

describe('isOnboardingComplete', () => {
  it('needs all three conditions', () => {
    expect(isOnboardingComplete(readyShop())).toBe(true);
    expect(isOnboardingComplete(readyShop({ livePageCreated: false }))).toBe(false);
  });
});

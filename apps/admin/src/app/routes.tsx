import { ROUTES } from '@popstage/core/routing';
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { Navigate, type RouteObject } from 'react-router-dom';
import { usePromoBanners } from '../features/banners';
import { useSupportWidget } from '../features/help';
import type { ScreenLoaderContext } from '../lib/screen';
import { AppRoot } from './AppRoot';
import { type LoadScreen, screen } from './screen-route';
import { LoadingScreen } from './shell/LoadingScreen';
import { NotFoundPage } from './shell/NotFoundPage';
import { ShellLayout } from './shell/ShellLayout';
import { type ShellSlots, ShellSlotsContext } from './shell/shell-slots';

/**
 * The route table of spec 01 §2.1. Paths are absolute (from packages/core) so the guards and the
 * table cannot drift apart; ShellLayout runs the guards for all of them.
 */
function pageRoutes(context: ScreenLoaderContext): RouteObject[] {
  const lazy = (load: LoadScreen) => screen(context, load);
  const createAccount = lazy(() => import('../features/account/create-account'));
  const verifyAccount = lazy(() => import('../features/account/verify-account'));
  return [
    { path: ROUTES.landing, lazy: lazy(() => import('../features/shop/landing')) },
    { path: ROUTES.getStarted, lazy: lazy(() => import('../features/onboarding/get-started')) },
    { path: ROUTES.account, element: <Navigate to={ROUTES.accountCreate} replace /> },
    { path: ROUTES.accountCreate, lazy: createAccount },
    { path: ROUTES.accountVerify, lazy: verifyAccount },
    { path: ROUTES.selectPlans, lazy: lazy(() => import('../features/billing/select-plans')) },
    { path: ROUTES.managePlans, lazy: lazy(() => import('../features/billing/manage-plans')) },
    { path: ROUTES.live, lazy: lazy(() => import('../features/live/shows')) },
    { path: ROUTES.insights, lazy: lazy(() => import('../features/analytics/insights')) },
    { path: ROUTES.resources, lazy: lazy(() => import('../features/help/resources')) },
    { path: ROUTES.resourcesArticle, lazy: lazy(() => import('../features/help/article')) },
    { path: ROUTES.popclips, element: <Navigate to={ROUTES.popclipsList} replace /> },
    {
      path: ROUTES.popclipsAccount,
      element: <Navigate to={ROUTES.popclipsAccountCreate} replace />,
    },
    { path: ROUTES.popclipsAccountCreate, lazy: createAccount },
    { path: ROUTES.popclipsAccountVerify, lazy: verifyAccount },
    { path: ROUTES.popclipsList, lazy: lazy(() => import('../features/popclips/list')) },
    { path: ROUTES.popclipsCreate, lazy: lazy(() => import('../features/popclips/create')) },
    { path: ROUTES.popclipsEdit, lazy: lazy(() => import('../features/popclips/edit')) },
    {
      path: ROUTES.popclipsCreateCarousel,
      lazy: lazy(() => import('../features/carousels/create-carousel')),
    },
    {
      path: ROUTES.popclipsEditCarousel,
      lazy: lazy(() => import('../features/carousels/edit-carousel')),
    },
    {
      path: ROUTES.popclipsSettings,
      lazy: lazy(() => import('../features/settings/popclips-settings')),
    },
    { path: ROUTES.mobile, lazy: lazy(() => import('../features/mobile/entry')) },
    {
      path: ROUTES.mobileNotificationsBanners,
      lazy: lazy(() => import('../features/mobile/notifications-banners')),
    },
    { path: ROUTES.mobileAppearance, lazy: lazy(() => import('../features/mobile/appearance')) },
    { path: ROUTES.mobileCustomMenu, lazy: lazy(() => import('../features/mobile/custom-menu')) },
    { path: ROUTES.mobileSetup, lazy: lazy(() => import('../features/mobile/setup')) },
    {
      path: ROUTES.mobileNotification,
      lazy: lazy(() => import('../features/notifications/compose')),
    },
    {
      path: ROUTES.mobileCustomerAccountLogin,
      lazy: lazy(() => import('../features/mobile/customer-account-login')),
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** What features lend the shell (support button, promo banners), so it imports no feature. */
const shellSlots: ShellSlots = { useSupport: useSupportWidget, usePromoBanners };

/** The admin's routes, their loaders bound to the admin's API client and query cache. */
export function appRoutes(context: ScreenLoaderContext): RouteObject[] {
  return [
    {
      element: (
        <ShellSlotsContext.Provider value={shellSlots}>
          <AppRoot />
        </ShellSlotsContext.Provider>
      ),
      // Until the first screen's code has arrived (the router renders nothing of the tree yet).
      hydrateFallbackElement: (
        <AppProvider i18n={en}>
          <LoadingScreen />
        </AppProvider>
      ),
      children: [{ element: <ShellLayout />, children: pageRoutes(context) }],
    },
  ];
}

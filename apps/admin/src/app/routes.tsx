import { ROUTES } from '@popstage/core/routing';
import { Navigate, type RouteObject } from 'react-router-dom';
import { useSupportWidget } from '../features/help';
import { AppRoot } from './AppRoot';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './shell/NotFoundPage';
import { ShellLayout } from './shell/ShellLayout';
import { type ShellSlots, ShellSlotsContext } from './shell/shell-slots';

const LandingPage = lazyPage(() => import('../features/shop/landing'), 'Component');
const GetStartedPage = lazyPage(() => import('../features/onboarding/get-started'), 'Component');
const CreateAccountPage = lazyPage(() => import('../features/account/create-account'), 'Component');
const VerifyAccountPage = lazyPage(() => import('../features/account/verify-account'), 'Component');
const SelectPlansPage = lazyPage(() => import('../features/billing/select-plans'), 'Component');
const ManagePlansPage = lazyPage(() => import('../features/billing/manage-plans'), 'Component');
const LivePage = lazyPage(() => import('../features/live/LivePage'), 'LivePage');
const InsightsPage = lazyPage(() => import('../features/analytics/InsightsPage'), 'InsightsPage');
const ResourcesPage = lazyPage(() => import('../features/help/resources'), 'Component');
const PopclipsListPage = lazyPage(() => import('../features/popclips/list'), 'Component');
const CreatePopclipPage = lazyPage(() => import('../features/popclips/create'), 'Component');
const EditPopclipPage = lazyPage(() => import('../features/popclips/edit'), 'Component');
const CreateCarouselPage = lazyPage(
  () => import('../features/carousels/create-carousel'),
  'Component',
);
const EditCarouselPage = lazyPage(() => import('../features/carousels/edit-carousel'), 'Component');
const PopclipsSettingsPage = lazyPage(
  () => import('../features/settings/popclips-settings'),
  'Component',
);
const MobileEntryRedirect = lazyPage(
  () => import('../features/mobile/MobileEntryRedirect'),
  'MobileEntryRedirect',
);
const MobileNotificationsBannersPage = lazyPage(
  () => import('../features/mobile/MobileNotificationsBannersPage'),
  'MobileNotificationsBannersPage',
);
const MobileAppearancePage = lazyPage(
  () => import('../features/mobile/MobileAppearancePage'),
  'MobileAppearancePage',
);
const MobileCustomMenuPage = lazyPage(
  () => import('../features/mobile/MobileCustomMenuPage'),
  'MobileCustomMenuPage',
);
const MobileSetupPage = lazyPage(
  () => import('../features/mobile/MobileSetupPage'),
  'MobileSetupPage',
);
const ComposeNotificationPage = lazyPage(
  () => import('../features/mobile/ComposeNotificationPage'),
  'ComposeNotificationPage',
);
const MobileCustomerAccountLoginPage = lazyPage(
  () => import('../features/mobile/MobileCustomerAccountLoginPage'),
  'MobileCustomerAccountLoginPage',
);

/**
 * The route table of spec 01 §2.1. Paths are absolute (from packages/core) so the guards and the
 * table cannot drift apart; ShellLayout runs the guards for all of them.
 */
export const pageRoutes: RouteObject[] = [
  { path: ROUTES.landing, element: <LandingPage /> },
  { path: ROUTES.getStarted, element: <GetStartedPage /> },
  { path: ROUTES.account, element: <Navigate to={ROUTES.accountCreate} replace /> },
  { path: ROUTES.accountCreate, element: <CreateAccountPage /> },
  { path: ROUTES.accountVerify, element: <VerifyAccountPage /> },
  { path: ROUTES.selectPlans, element: <SelectPlansPage /> },
  { path: ROUTES.managePlans, element: <ManagePlansPage /> },
  { path: ROUTES.live, element: <LivePage /> },
  { path: ROUTES.insights, element: <InsightsPage /> },
  { path: ROUTES.resources, element: <ResourcesPage /> },
  { path: ROUTES.popclips, element: <Navigate to={ROUTES.popclipsList} replace /> },
  { path: ROUTES.popclipsAccount, element: <Navigate to={ROUTES.popclipsAccountCreate} replace /> },
  { path: ROUTES.popclipsAccountCreate, element: <CreateAccountPage /> },
  { path: ROUTES.popclipsAccountVerify, element: <VerifyAccountPage /> },
  { path: ROUTES.popclipsList, element: <PopclipsListPage /> },
  { path: ROUTES.popclipsCreate, element: <CreatePopclipPage /> },
  { path: ROUTES.popclipsEdit, element: <EditPopclipPage /> },
  { path: ROUTES.popclipsCreateCarousel, element: <CreateCarouselPage /> },
  { path: ROUTES.popclipsEditCarousel, element: <EditCarouselPage /> },
  { path: ROUTES.popclipsSettings, element: <PopclipsSettingsPage /> },
  { path: ROUTES.mobile, element: <MobileEntryRedirect /> },
  { path: ROUTES.mobileNotificationsBanners, element: <MobileNotificationsBannersPage /> },
  { path: ROUTES.mobileAppearance, element: <MobileAppearancePage /> },
  { path: ROUTES.mobileCustomMenu, element: <MobileCustomMenuPage /> },
  { path: ROUTES.mobileSetup, element: <MobileSetupPage /> },
  { path: ROUTES.mobileNotification, element: <ComposeNotificationPage /> },
  { path: ROUTES.mobileCustomerAccountLogin, element: <MobileCustomerAccountLoginPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** What features lend the shell (the support button), so the shell imports no feature. */
const shellSlots: ShellSlots = { useSupport: useSupportWidget };

export const appRoutes: RouteObject[] = [
  {
    element: (
      <ShellSlotsContext.Provider value={shellSlots}>
        <AppRoot />
      </ShellSlotsContext.Provider>
    ),
    children: [{ element: <ShellLayout />, children: pageRoutes }],
  },
];

import { onboardedBeforeCutoff } from '../onboarding/progress';
import type { Shop } from '../shop/types';
import { isUnder, matchRoute, ROUTES, type RoutePattern } from './paths';

/** The shop fields that say whether onboarding is complete. */
export type OnboardingShop = Pick<
  Shop,
  | 'embedEnabled'
  | 'livePageCreated'
  | 'publishedProductsToSalesChannelCount'
  | 'firstPopclipCreated'
  | 'skippedFirstPopclipsCreation'
  | 'onBoardedOn'
>;

/** The shop fields the route guards read (spec 01 §2.2). */
export type GuardShop = OnboardingShop &
  Pick<
    Shop,
    | 'featureFlags'
    | 'subscriptionActive'
    | 'csStoreCreated'
    | 'popshopliveAccountCreated'
    | 'enabledFeatures'
    | 'activePlan'
  >;

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'accessDenied'; reason: 'deactivated' }
  | { kind: 'accessDenied'; reason: 'missingFeature'; planCode: string | null };

/** Create/verify pages of both account flows; they are the only pages open before the account. */
const ACCOUNT_PAGES: ReadonlySet<RoutePattern> = new Set([
  ROUTES.account,
  ROUTES.accountCreate,
  ROUTES.accountVerify,
  ROUTES.popclipsAccount,
  ROUTES.popclipsAccountCreate,
  ROUTES.popclipsAccountVerify,
]);

/**
 * Pages a shop may open before finishing onboarding: plans, account flows, the wizard itself, and
 * the two pages its steps 3 and 4 send the merchant to (create the first clip and carousel).
 */
const ONBOARDING_EXEMPT_PAGES: ReadonlySet<RoutePattern> = new Set([
  ...ACCOUNT_PAGES,
  ROUTES.selectPlans,
  ROUTES.managePlans,
  ROUTES.getStarted,
  ROUTES.popclipsCreate,
  ROUTES.popclipsCreateCarousel,
]);

export function isAccountPage(route: RoutePattern): boolean {
  return ACCOUNT_PAGES.has(route);
}

/** "Main pages" are every known route except the onboarding-exempt ones (and not-found). */
export function isMainPage(route: RoutePattern): boolean {
  return !ONBOARDING_EXEMPT_PAGES.has(route);
}

/** Account created means both the core store and the live-selling account exist. */
export function isAccountCreated(
  shop: Pick<Shop, 'csStoreCreated' | 'popshopliveAccountCreated'>,
): boolean {
  return shop.csStoreCreated && shop.popshopliveAccountCreated;
}

/**
 * The three conditions that let a shop past get-started onto the main pages; the first-popclip
 * one also holds for shops onboarded before the 2024-12-05 cut-off.
 */
export function isOnboardingComplete(shop: OnboardingShop): boolean {
  const sdkStepDone = shop.embedEnabled && shop.livePageCreated;
  const productsPublished = shop.publishedProductsToSalesChannelCount > 0;
  const firstPopclipDone =
    shop.firstPopclipCreated ||
    shop.skippedFirstPopclipsCreation ||
    onboardedBeforeCutoff(shop.onBoardedOn);
  return sdkStepDone && productsPublished && firstPopclipDone;
}

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/**
 * Decides what the admin shows at `path` for `shop`. The checks run in the spec's order and the
 * first that applies wins: deactivated shop, subscription, account, mobile/live feature, onboarding.
 * Unknown paths get the not-found page once the shop is not deactivated.
 */
export function guardRoute(path: string, shop: GuardShop): GuardDecision {
  if (shop.featureFlags.deactivate_shop) return { kind: 'accessDenied', reason: 'deactivated' };

  const route = matchRoute(path);
  if (route === null) return allow;

  if (!shop.subscriptionActive) {
    return route === ROUTES.selectPlans ? allow : redirect(ROUTES.selectPlans);
  }
  if (route === ROUTES.selectPlans) return redirect(ROUTES.landing);

  // The Popclips entry has its own account flow; keep the merchant inside it.
  const inPopclips = isUnder(route, ROUTES.popclips);
  if (!isAccountCreated(shop)) {
    if (isAccountPage(route)) return allow;
    return redirect(inPopclips ? ROUTES.popclipsAccountCreate : ROUTES.accountCreate);
  }
  if (isAccountPage(route)) return redirect(inPopclips ? ROUTES.popclips : ROUTES.landing);

  if (isUnder(route, ROUTES.mobile) && !shop.enabledFeatures.includes('mobile')) {
    return {
      kind: 'accessDenied',
      reason: 'missingFeature',
      planCode: shop.activePlan?.skuCode ?? null,
    };
  }
  if (isUnder(route, ROUTES.live) && !shop.enabledFeatures.includes('live')) {
    return redirect(ROUTES.landing);
  }

  if (isMainPage(route) && !isOnboardingComplete(shop)) return redirect(ROUTES.getStarted);
  return allow;
}

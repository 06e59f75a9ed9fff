import type { FeatureId } from '../shop/types';
import { isUnder, matchRoute, normalizePath, ROUTES } from './paths';

export type NavigationItemId =
  | 'home'
  | 'popclips'
  | 'mobile'
  | 'live'
  | 'insights'
  | 'resources'
  | 'subscription';

export interface NavigationItem {
  id: NavigationItemId;
  label: string;
  /** Where the item leads. */
  to: string;
  /** The path prefix whose pages mark this item as the current one. */
  section: string;
}

export interface NavigationInput {
  enabledFeatures: readonly FeatureId[];
  /** Whether the store's iOS or Android app has a store link (mobile app already published). */
  hasMobileAppLink: boolean;
}

/** Where the mobile area opens: the notification screens once an app exists, else its setup. */
export function mobileEntryPath(hasMobileAppLink: boolean): string {
  return hasMobileAppLink ? ROUTES.mobileNotificationsBanners : ROUTES.mobileSetup;
}

/** The navigation menu of spec 01 §2.3, in its order, with only the items the shop may see. */
export function navigationItems(input: NavigationInput): NavigationItem[] {
  const items: NavigationItem[] = [
    { id: 'home', label: 'Home', to: ROUTES.landing, section: ROUTES.landing },
    {
      id: 'popclips',
      label: 'Popclips: Shoppable Videos',
      to: ROUTES.popclips,
      section: ROUTES.popclips,
    },
  ];
  if (input.enabledFeatures.includes('mobile')) {
    items.push({
      id: 'mobile',
      label: 'Mobile App Builder',
      to: mobileEntryPath(input.hasMobileAppLink),
      section: ROUTES.mobile,
    });
  }
  if (input.enabledFeatures.includes('live')) {
    items.push({ id: 'live', label: 'Live Stream Selling', to: ROUTES.live, section: ROUTES.live });
  }
  items.push(
    { id: 'insights', label: 'Insights', to: ROUTES.insights, section: ROUTES.insights },
    { id: 'resources', label: 'Resources', to: ROUTES.resources, section: ROUTES.resources },
    {
      id: 'subscription',
      label: 'Subscription',
      to: ROUTES.managePlans,
      section: ROUTES.managePlans,
    },
  );
  return items;
}

/** The item to highlight at `path`; Home only on the landing page itself. */
export function currentNavigationItem(
  items: readonly NavigationItem[],
  path: string,
): NavigationItemId | null {
  const normalized = normalizePath(path);
  const match = items.find((item) =>
    item.section === ROUTES.landing
      ? normalized === ROUTES.landing
      : isUnder(normalized, item.section),
  );
  return match?.id ?? null;
}

/**
 * Target of the page header's back arrow (spec 01 §2.5, 03 §2): manage plans and every mobile
 * screen go back to landing, compose-notification to the notification list, create and edit
 * Popclip to the clip list (Shopify's convention for a resource's pages); other pages have none.
 */
export function backTargetFor(path: string): string | null {
  switch (normalizePath(path)) {
    case ROUTES.managePlans:
    case ROUTES.mobileSetup:
    case ROUTES.mobileNotificationsBanners:
    case ROUTES.mobileAppearance:
    case ROUTES.mobileCustomMenu:
    case ROUTES.mobileCustomerAccountLogin:
      return ROUTES.landing;
    case ROUTES.mobileNotification:
      return ROUTES.mobileNotificationsBanners;
    case ROUTES.popclipsCreate:
      return ROUTES.popclipsList;
    default:
      // A help article goes back to the help center, a clip's edit page to the list.
      if (matchRoute(path) === ROUTES.resourcesArticle) return ROUTES.resources;
      return matchRoute(path) === ROUTES.popclipsEdit ? ROUTES.popclipsList : null;
  }
}

/** Literal paths of the admin's route table (spec 01 §2.1), shared by the admin and the server. */
export const ROUTES = {
  landing: '/',
  getStarted: '/get-started',
  account: '/account',
  accountCreate: '/account/create',
  accountVerify: '/account/verify',
  selectPlans: '/account/plans',
  managePlans: '/manage/plans',
  live: '/live',
  insights: '/insights',
  resources: '/resources',
  resourcesArticle: '/resources/articles/:articleId',
  popclips: '/popclips',
  popclipsAccount: '/popclips/account',
  popclipsAccountCreate: '/popclips/account/create',
  popclipsAccountVerify: '/popclips/account/verify',
  popclipsList: '/popclips/list',
  popclipsCreate: '/popclips/create',
  popclipsEdit: '/popclips/edit/:id',
  popclipsCreateCarousel: '/popclips/create-carousel',
  popclipsEditCarousel: '/popclips/edit-carousel',
  popclipsSettings: '/popclips/settings',
  mobile: '/mobile',
  mobileNotificationsBanners: '/mobile/notifications-banners',
  mobileAppearance: '/mobile/appearance',
  mobileCustomMenu: '/mobile/custom-menu',
  mobileSetup: '/mobile/setup',
  mobileNotification: '/mobile/notification',
  mobileCustomerAccountLogin: '/mobile/setup-customer-account-login',
} as const;

export type RoutePattern = (typeof ROUTES)[keyof typeof ROUTES];

/** The edit-clip path for one clip (the parameter is the clip's metaIdentifier, spec 02 §2). */
export function popclipEditPath(metaIdentifier: string): string {
  return ROUTES.popclipsEdit.replace(':id', encodeURIComponent(metaIdentifier));
}

/** The help center's page of one article. */
export function helpArticlePath(articleId: string): string {
  return ROUTES.resourcesArticle.replace(':articleId', encodeURIComponent(articleId));
}

/** Strips a trailing slash (except on the root) so '/live/' and '/live' are the same page. */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] || '/';
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return trimmed === '' ? '/' : trimmed;
}

/** The route pattern a concrete path belongs to, or null when it is not in the table. */
export function matchRoute(path: string): RoutePattern | null {
  const normalized = normalizePath(path);
  for (const pattern of Object.values(ROUTES)) {
    if (pattern === normalized) return pattern;
    if (pattern.includes(':')) {
      const expression = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
      if (expression.test(normalized)) return pattern;
    }
  }
  return null;
}

/** True for the path itself and anything below it ('/mobile' covers '/mobile/setup'). */
export function isUnder(path: string, prefix: string): boolean {
  const normalized = normalizePath(path);
  return normalized === prefix || normalized.startsWith(`${prefix}/`);
}

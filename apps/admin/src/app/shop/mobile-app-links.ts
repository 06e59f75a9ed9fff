import type { Shop } from '@popstage/core/shop';

/**
 * Whether the store's iOS or Android app has a store link (the app is published): the menu and
 * /mobile then open the notification screens instead of setup. Blank links count as absent.
 */
export function hasMobileAppLink(shop: Pick<Shop, 'mobileApp'>): boolean {
  const { iosLink, androidLink } = shop.mobileApp;
  return !!iosLink?.trim() || !!androidLink?.trim();
}

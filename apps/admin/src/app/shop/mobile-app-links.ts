import type { Shop } from '@popstage/core';

/**
 * Whether the store's iOS or Android app has a store link. The mobile app request arrives with a
 * later issue; until then no shop has one, so the menu opens mobile setup.
 */
export function hasMobileAppLink(_shop: Shop): boolean {
  return false;
}

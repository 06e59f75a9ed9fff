import type { Shop } from '@popstage/core/shop';

/** Submitted (spec 03 §4): the request was sent, or a store link exists. */
export function isAppSubmitted(shop: Pick<Shop, 'mobileApp' | 'appRequestId'>): boolean {
  const app = shop.mobileApp;
  return Boolean(app.requestSubmitted || app.iosLink || app.androidLink || shop.appRequestId);
}

/** The Setup tab is hidden once submitted and a store link exists (spec 03 §2). */
export function isSetupTabHidden(shop: Pick<Shop, 'mobileApp' | 'appRequestId'>): boolean {
  return isAppSubmitted(shop) && Boolean(shop.mobileApp.iosLink || shop.mobileApp.androidLink);
}

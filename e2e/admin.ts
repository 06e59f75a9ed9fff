import type { FrameLocator, Locator, Page } from 'playwright-core';
import { localShopify } from './local-shopify';

/**
 * The merchant's view: the local Shopify's admin page (apps/shopify-sandbox admin frame) with the
 * app in its iframe. What App Bridge hands the admin (toasts, the title bar, the app's menu, the
 * save bar, top-level navigations such as billing approval) is on the admin page; the rest of the
 * app is in the frame.
 */
export interface EmbeddedAdmin {
  /** The admin page around the app. */
  admin: Page;
  /** The app inside the admin's iframe; follows the iframe across reloads and navigations. */
  app: FrameLocator;
}

/** The admin URL of an app path, as Shopify's `/store/<shop>/apps/<handle>/<path>`. */
export function adminUrl(base: string, shop: string, path = '/'): string {
  const home = `${localShopify(base)}/sandbox/store/${shop}/apps/popstage`;
  return path === '/' || path === '' ? home : `${home}${path}`;
}

/** The admin and app of a page already on the admin frame (after a redirect into it). */
export function embedded(page: Page): EmbeddedAdmin {
  return { admin: page, app: page.frameLocator('#app-frame') };
}

/** Opens the app at `path` in the shop's admin, as a merchant's bookmark or deep link does. */
export async function openAdmin(
  page: Page,
  base: string,
  shop: string,
  path = '/',
): Promise<EmbeddedAdmin> {
  await page.goto(adminUrl(base, shop, path));
  return embedded(page);
}

/**
 * Waits until the app shows `path` (the admin keeps the app's path in its own URL); `prefix`
 * also accepts a query or deeper path after it.
 */
export async function waitForAppPath(
  admin: Page,
  base: string,
  shop: string,
  path: string,
  { prefix = false } = {},
): Promise<void> {
  const url = adminUrl(base, shop, path);
  await admin.waitForURL(prefix ? `${url}**` : url);
}

/** A toast of the admin (App Bridge's `toast.show`). */
export const adminToast = (admin: Page, text: string): Locator =>
  admin.locator('#toasts .toast', { hasText: text });

/** The admin's contextual save bar (App Bridge's `<ui-save-bar>`). */
export const adminSaveBar = (admin: Page): Locator =>
  admin.getByRole('region', { name: 'Unsaved changes' });

/** The app's menu in the admin's navigation (App Bridge's `<ui-nav-menu>`). */
export const adminMenu = (admin: Page): Locator => admin.getByRole('navigation', { name: 'Apps' });

/** The admin's title bar (App Bridge's `<ui-title-bar>`). */
export const adminTitle = (admin: Page): Locator => admin.locator('#title');

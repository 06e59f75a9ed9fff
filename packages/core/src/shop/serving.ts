import { shopContract } from './contract';
import type { FeatureFlags } from './types';

/** What decides whether a shop's public surfaces are served. */
export interface ShopServingFacts {
  featureFlags: Partial<FeatureFlags>;
  /** Set by the app/uninstalled webhook, cleared when the merchant opens the app again. */
  uninstalledAt: Date | null;
}

/**
 * Whether the shop's public surfaces (storefront API, share pages) answer and its order webhooks
 * are recorded: only while the app is installed and the shop is not deactivated. Both cases
 * answer exactly like an unknown shop, so nothing tells them apart from outside.
 */
export function shopIsServed(shop: ShopServingFacts): boolean {
  return shop.uninstalledAt === null && shop.featureFlags.deactivate_shop !== true;
}

/** Spec 01 §2: the page title a deactivated shop sees everywhere, and the API's refusal. */
export const ACCESS_DENIED_TITLE = 'Access Denied';

/**
 * Whether a deactivated shop's session may still call a shop route: only the app load
 * (GET /api/shopify/shop), which the admin needs to show the access-denied page.
 */
export function openWhileDeactivated(method: string, path: string): boolean {
  return method === shopContract.shop.method && path === shopContract.shop.path;
}

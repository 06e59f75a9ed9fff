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

import type { Shop } from '@popstage/core/shop';

/**
 * Spec 01 §2.5, §6: the support widget needs the core store account, an active subscription
 * and a configured help-widget key.
 */
export function isSupportButtonVisible(
  shop: Pick<Shop, 'csStoreCreated' | 'subscriptionActive' | 'config'>,
): boolean {
  return shop.csStoreCreated && shop.subscriptionActive && Boolean(shop.config.helpWidgetKey);
}

import type { Shop } from '@popstage/core/shop';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useDismissPopup, useShopPopups } from './data';
import { PromoBanners } from './PromoBanners';

/**
 * The page shell's promo banners (spec 01 §2.5, spec 03 §2): the page's banners are fetched by
 * its path (render url); a dismissal hides the banner at once and is kept by the server.
 * Failures are only logged (spec 03 §8): a page never breaks for want of a banner.
 */
export function usePromoBanners(shop: Shop): ReactNode {
  const { pathname } = useLocation();
  const shopId = shop.shopifyDomain;
  // A deactivated shop's API refuses every call but the app load.
  const popups = useShopPopups(shopId, pathname, !shop.featureFlags.deactivate_shop);
  const dismiss = useDismissPopup(shopId);

  useEffect(() => {
    if (popups.error) console.warn('Promo banners not loaded', popups.error);
  }, [popups.error]);
  const banners = popups.data ?? [];
  return banners.length > 0 ? (
    <PromoBanners banners={banners} onDismiss={(id) => dismiss.mutate(id)} />
  ) : null;
}

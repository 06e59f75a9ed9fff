import {
  highestAddonPrice,
  type PopclipsPlanLevel,
  popclipsPlanLevel,
} from '@popstage/core/billing';
import { useMemo } from 'react';
import { useShop } from '../../app/shop/ShopContext';
import { lineItemAddons } from './line-items';

/** The shop's popclips level (free, basic, premium) from its active popclips add-on price. */
export function usePopclipsPlanLevel(): PopclipsPlanLevel {
  const shop = useShop();
  return useMemo(() => {
    const addons = shop.subscriptionActive
      ? lineItemAddons(shop.subscription?.lineItems ?? [])
      : [];
    return popclipsPlanLevel(highestAddonPrice(addons, 'popclips'), shop.shopifyDomain);
  }, [shop.subscriptionActive, shop.subscription, shop.shopifyDomain]);
}

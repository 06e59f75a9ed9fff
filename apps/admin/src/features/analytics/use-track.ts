import { useCallback } from 'react';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import { type MerchantEvent, sendProductAnalytics } from './app-events';

/** Product analytics from a screen: `track({ action, category, ... })`, fire and forget. */
export function useTrack(): (event: MerchantEvent) => void {
  const api = useApi();
  const shop = useShop();
  return useCallback(
    (event: MerchantEvent) => {
      void sendProductAnalytics(api, shop, event);
    },
    [api, shop],
  );
}

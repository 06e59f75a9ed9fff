import { useCallback, useContext } from 'react';
import { ShopContext } from '../../app/shop/ShopContext';
import { ApiContext } from '../../lib/api/ApiContext';
import { type MerchantEvent, sendProductAnalytics } from './app-events';

/**
 * Product analytics from a screen: `track({ action, category, ... })`, fire and forget. Outside
 * the shell (no shop loaded yet, a component rendered alone) it does nothing.
 */
export function useTrack(): (event: MerchantEvent) => void {
  const api = useContext(ApiContext);
  const shop = useContext(ShopContext);
  return useCallback(
    (event: MerchantEvent) => {
      if (api && shop) void sendProductAnalytics(api, shop, event);
    },
    [api, shop],
  );
}

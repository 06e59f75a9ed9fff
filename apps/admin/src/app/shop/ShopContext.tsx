import type { Shop } from '@popstage/core/shop';
import { createContext, useContext } from 'react';

export const ShopContext = createContext<Shop | null>(null);

/** The loaded shop; pages render only after it has loaded, so it is never missing there. */
export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShop() must be used below the shell layout');
  return shop;
}

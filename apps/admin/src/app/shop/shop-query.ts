import type { Shop } from '@popstage/core/shop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import { loadShop } from './load-shop';

export const shopQueryKey = ['shop'] as const;

/** The main shop load every guard and page depends on. */
export function useShopQuery() {
  const api = useApi();
  return useQuery<Shop>({
    queryKey: shopQueryKey,
    queryFn: ({ signal }) => loadShop(api, { signal }),
  });
}

/** Reloads the shop (after billing, account or onboarding changes), which re-runs the guards. */
export function useRefreshShop(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: shopQueryKey }),
    [queryClient],
  );
}

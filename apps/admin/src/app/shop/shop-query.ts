import type { Shop } from '@popstage/core/shop';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';
import { loadShop } from './load-shop';

export const shopQueryKey = ['shop'] as const;

/** The main shop load every guard and page depends on. */
export const shopQueryOptions = (api: ApiClient) =>
  queryOptions<Shop>({
    queryKey: shopQueryKey,
    queryFn: ({ signal }) => loadShop(api, { signal }),
  });

export function useShopQuery() {
  return useQuery(shopQueryOptions(useApi()));
}

/** Reloads the shop (after billing, account or onboarding changes), which re-runs the guards. */
export function useRefreshShop(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: shopQueryKey }),
    [queryClient],
  );
}

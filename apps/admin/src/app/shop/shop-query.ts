import type { Shop } from '@popstage/core/shop';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';
import type { CacheKeys } from '../../lib/api/hooks';
import { loadShop } from './load-shop';

/** The shop is put together from several calls (load-shop.ts), so its key is its own. */
export const shopQueryKey = ['shop'] as const;

/** The shop's data module, beside the areas' (lib/api/cache-keys.test.ts reads it too). */
export const cacheKeys: CacheKeys = { queries: [shopQueryKey], invalidates: [shopQueryKey] };

/** The main shop load every guard and page depends on. */
export const shopQueryOptions = (api: ApiClient) =>
  queryOptions<Shop>({
    queryKey: shopQueryKey,
    queryFn: ({ signal }) => loadShop(api, { signal }),
  });

export function useShopQuery() {
  return useQuery(shopQueryOptions(useApi()));
}

/** Marks the shop stale (after billing, account or onboarding changes): the guards re-run. */
export function invalidateShop(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: shopQueryKey });
}

/** Reloads the shop now and waits for it (a failed load throws with `throwOnError`). */
export function refetchShop(
  queryClient: QueryClient,
  options: { throwOnError?: boolean } = {},
): Promise<void> {
  return queryClient.refetchQueries({ queryKey: shopQueryKey }, options);
}

/** Reloads the shop (after billing, account or onboarding changes), which re-runs the guards. */
export function useRefreshShop(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateShop(queryClient), [queryClient]);
}

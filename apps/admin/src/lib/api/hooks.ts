import type { RouteContract, RouteInput, RouteResponse } from '@popstage/core/contract';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useApi } from './ApiContext';
import type { ApiClient } from './client';
import type { ApiError } from './errors';

/**
 * TanStack Query over the typed client. A query's key starts with the contract's method and path,
 * so invalidating `routeKey(contract)` refreshes every call of that route.
 */
export function routeKey(contract: RouteContract, input?: object) {
  return input === undefined
    ? ([contract.method, contract.path] as const)
    : ([contract.method, contract.path, input] as const);
}

/** Query options for a route: used by hooks and by route loaders that prefetch. */
export function routeQueryOptions<C extends RouteContract>(
  api: ApiClient,
  contract: C,
  input: RouteInput<C>,
) {
  return queryOptions({
    queryKey: routeKey(contract, input),
    queryFn: ({ signal }) => api.call(contract, input, { signal }),
  });
}

export function useRouteQuery<C extends RouteContract, TData = RouteResponse<C>>(
  contract: C,
  input: RouteInput<C>,
  options: Omit<
    UseQueryOptions<RouteResponse<C>, ApiError, TData, ReturnType<typeof routeKey>>,
    'queryKey' | 'queryFn'
  > = {},
) {
  const api = useApi();
  return useQuery({ ...options, ...routeQueryOptions(api, contract, input) } as UseQueryOptions<
    RouteResponse<C>,
    ApiError,
    TData,
    ReturnType<typeof routeKey>
  >);
}

export function useRouteMutation<C extends RouteContract, TContext = unknown>(
  contract: C,
  options: Omit<
    UseMutationOptions<RouteResponse<C>, ApiError, RouteInput<C>, TContext>,
    'mutationFn'
  > = {},
) {
  const api = useApi();
  return useMutation({ ...options, mutationFn: (input) => api.call(contract, input) });
}

/**
 * What an area's data module (`features/<area>/data.ts`) declares about the cache: the key of
 * each query it builds (a route's `routeKey(contract)`), and each key its mutations invalidate,
 * refetch or write. lib/api/cache-keys.test.ts fails when one of the latter matches no query.
 */
export interface CacheKeys {
  queries: readonly QueryKey[];
  invalidates: readonly QueryKey[];
}

/** Marks every cached answer under these keys stale (and refetches those on screen). */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

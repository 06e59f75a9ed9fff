import { billingContract, parseGatingWire } from '@popstage/core/billing';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client';
import {
  type CacheKeys,
  invalidateKeys,
  routeKey,
  routeQueryOptions,
  useRouteQuery,
} from '../../lib/api/hooks';

/**
 * The billing calls through core's billing contract: the catalogue and the gating are queries
 * (hooks, and prefetches for the screens' loaders); the checkout calls are made by its hooks with
 * api.call.
 */

const gatingKey = routeKey(billingContract.gating);

export const cacheKeys: CacheKeys = {
  queries: [
    routeKey(billingContract.plans),
    routeKey(billingContract.features),
    gatingKey,
    routeKey(billingContract.liveFees),
  ],
  invalidates: [gatingKey],
};

/** The catalogue changes rarely: a few minutes of cache saves refetching between pages. */
const CATALOGUE_STALE_MS = 5 * 60 * 1000;

function plansQuery(api: ApiClient) {
  return { ...routeQueryOptions(api, billingContract.plans, {}), staleTime: CATALOGUE_STALE_MS };
}

function featuresQuery(api: ApiClient) {
  return { ...routeQueryOptions(api, billingContract.features, {}), staleTime: CATALOGUE_STALE_MS };
}

/** The live success fees billed to the shop, newest first (issue 32). */
export function useLiveFees() {
  return useRouteQuery(billingContract.liveFees, { query: { limit: 50 } });
}

export function usePlans() {
  return useRouteQuery(billingContract.plans, {}, { staleTime: CATALOGUE_STALE_MS });
}

export function useFeatures() {
  return useRouteQuery(billingContract.features, {}, { staleTime: CATALOGUE_STALE_MS });
}

/** The popclips view limit in numbers (the server's '15,000' read back once, here). */
export function usePopclipsGating() {
  return useRouteQuery(
    billingContract.gating,
    {},
    { select: (answer) => parseGatingWire(answer.data) },
  );
}

/** What the plan screens read: the catalogue (plans, features) and the gating (checkout reason). */
export function prefetchPlanScreen(api: ApiClient, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(plansQuery(api));
  void queryClient.prefetchQuery(featuresQuery(api));
  void queryClient.prefetchQuery(routeQueryOptions(api, billingContract.gating, {}));
}

/** After a purchase the gating may have changed (another view limit). */
export function invalidateGating(queryClient: QueryClient) {
  return invalidateKeys(queryClient, [gatingKey]);
}

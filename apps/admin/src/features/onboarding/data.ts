import { type GetStartedEvent, onboardingContract } from '@popstage/core/onboarding';
import { shopContract } from '@popstage/core/shop';
import type { QueryClient } from '@tanstack/react-query';
import { refetchShop } from '../../app/shop/shop-query';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, routeKey, routeQueryOptions, useRouteQuery } from '../../lib/api/hooks';

/** The onboarding wizard's calls (docs/api.md) through the onboarding and shop contracts. */

const wizardQueryKey = routeKey(onboardingContract.wizard);
const embedQueryKey = routeKey(shopContract.embed);

export const cacheKeys: CacheKeys = {
  queries: [wizardQueryKey, embedQueryKey],
  invalidates: [wizardQueryKey, embedQueryKey],
};

/** The get-started screen's loader: the wizard's progress and the app embed's state. */
export function prefetchWizard(api: ApiClient, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(routeQueryOptions(api, onboardingContract.wizard, {}));
  void queryClient.prefetchQuery(routeQueryOptions(api, shopContract.embed, {}));
}

/** Re-reads the wizard, the embed and the shop (which carries the same facts: guards, counts). */
export function refetchWizard(queryClient: QueryClient) {
  return Promise.all([
    ...[embedQueryKey, wizardQueryKey].map((queryKey) => queryClient.refetchQueries({ queryKey })),
    refetchShop(queryClient),
  ]);
}

/** Steps 1 and 2 are read from the store on every call, so a refetch on focus picks up what the
 * merchant did in the other tab (theme editor, products admin, /sandbox). */
export function useWizardStatus(refetchInterval: number | false = false) {
  return useRouteQuery(
    onboardingContract.wizard,
    {},
    { staleTime: 0, refetchInterval, select: (answer) => answer.data },
  );
}

export function useEmbedStatus() {
  return useRouteQuery(shopContract.embed, {}, { staleTime: 0 });
}

export async function postWizardEvent(api: ApiClient, event: GetStartedEvent) {
  return (await api.call(onboardingContract.recordEvent, { body: { event } })).data;
}

export function createLivePage(api: ApiClient) {
  return api.call(shopContract.livePage, {});
}

export function skipFirstPopclip(api: ApiClient) {
  return api.call(shopContract.saveInfo, {
    body: { key: 'skippedFirstPopclipsCreation', value: true },
  });
}

/** Step 2: queues the publication of the shop's active products to the Popstage sales channel. */
export function publishProducts(api: ApiClient) {
  return api.call(onboardingContract.publishProducts, {});
}

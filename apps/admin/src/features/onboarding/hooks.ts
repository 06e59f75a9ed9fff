import { type GetStartedEvent, onboardingContract } from '@popstage/core/onboarding';
import { shopContract } from '@popstage/core/shop';
import type { ApiClient } from '../../lib/api/client';
import { routeKey, useRouteQuery } from '../../lib/api/hooks';

/** The onboarding wizard's calls (docs/api.md) through the onboarding and shop contracts. */

export const wizardQueryKey = routeKey(onboardingContract.wizard);
export const embedQueryKey = routeKey(shopContract.embed);

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

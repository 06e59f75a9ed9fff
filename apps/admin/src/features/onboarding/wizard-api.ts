import type { WizardStatusWire } from '@popstage/core/account';
import type { GetStartedEvent } from '@popstage/core/shop';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api/ApiContext';
import type { ApiClient } from '../../lib/api/client';

/** The onboarding wizard's calls (docs/api.md, issue 4). */

const SHOP = '/api/shopify/shop';
export const wizardQueryKey = ['onboarding', 'wizard'] as const;
export const embedQueryKey = ['onboarding', 'embed'] as const;

/** Steps 1 and 2 are read from the store on every call, so a refetch on focus picks up what the
 * merchant did in the other tab (theme editor, products admin, /sandbox). */
export function useWizardStatus() {
  const api = useApi();
  return useQuery({
    queryKey: wizardQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: WizardStatusWire }>(`${SHOP}/app-setup-wizard`, { signal })).data,
    staleTime: 0,
  });
}

export function useEmbedStatus() {
  const api = useApi();
  return useQuery({
    queryKey: embedQueryKey,
    queryFn: ({ signal }) => api.get<{ embedEnabled: boolean }>(`${SHOP}/embed`, { signal }),
    staleTime: 0,
  });
}

export async function postWizardEvent(
  api: ApiClient,
  event: GetStartedEvent,
): Promise<WizardStatusWire> {
  return (await api.post<{ data: WizardStatusWire }>(`${SHOP}/app-setup-wizard`, { event })).data;
}

export function createLivePage(api: ApiClient): Promise<{ livePageCreated: boolean }> {
  return api.post(`${SHOP}/live-page`);
}

export function skipFirstPopclip(api: ApiClient): Promise<unknown> {
  return api.post('/api/shopify/shop-info', { key: 'skippedFirstPopclipsCreation', value: true });
}

import type { ShareGatingResponse } from '@popstage/core/popclips';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api/ApiContext';
import type { ApiClient } from '../../../lib/api/client';

export const SHARE_GATING_PATH = '/api/shopify/shop/popclips/share-gating';
export const shareQueryKey = (metaIdentifier: string) =>
  ['popclips', 'share', metaIdentifier] as const;

/** The shop's share metadata with this clip's state and link (docs/api.md "Share links"). */
export function useShareGating(metaIdentifier: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: shareQueryKey(metaIdentifier ?? ''),
    enabled: metaIdentifier !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ShareGatingResponse }>(
          `${SHARE_GATING_PATH}?metaIdentifier=${encodeURIComponent(metaIdentifier ?? '')}`,
          { signal },
        )
      ).data,
  });
}

/** Generates the clip's link once (a repeat answers the same link). */
export async function generateShareLink(api: ApiClient, metaIdentifier: string) {
  return (await api.post<{ data: ShareGatingResponse }>(SHARE_GATING_PATH, { metaIdentifier }))
    .data;
}

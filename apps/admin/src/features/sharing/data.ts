import { sharingContract } from '@popstage/core/sharing';
import { useQueryClient } from '@tanstack/react-query';
import { type CacheKeys, routeKey, useRouteMutation, useRouteQuery } from '../../lib/api/hooks';

/** Share links (docs/api.md "Share links") through the sharing contract. */

export const cacheKeys: CacheKeys = {
  queries: [routeKey(sharingContract.gating)],
  invalidates: [routeKey(sharingContract.gating)],
};

const gatingInput = (metaIdentifier: string) => ({ query: { metaIdentifier } });

/** The shop's share metadata with this clip's state and link. */
export function useShareGating(metaIdentifier: string | null) {
  return useRouteQuery(sharingContract.gating, gatingInput(metaIdentifier ?? ''), {
    enabled: metaIdentifier !== null,
    select: (answer) => answer.data,
  });
}

/** Generates the clip's link once (a repeat answers the same link); the clip's answer is kept. */
export function useGenerateShareLink() {
  const queryClient = useQueryClient();
  return useRouteMutation(sharingContract.share, {
    onSuccess: (answer, { body }) => {
      queryClient.setQueryData(
        routeKey(sharingContract.gating, gatingInput(body.metaIdentifier)),
        answer,
      );
    },
  });
}

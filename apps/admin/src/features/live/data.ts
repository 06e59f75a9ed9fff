import { liveContract } from '@popstage/core/live';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client';
import {
  type CacheKeys,
  invalidateKeys,
  routeKey,
  routeQueryOptions,
  useRouteMutation,
  useRouteQuery,
} from '../../lib/api/hooks';
import { CLIP_LIST_KEYS, invalidateClipLists } from '../popclips';

const showsKey = routeKey(liveContract.shows);

export const cacheKeys: CacheKeys = {
  queries: [showsKey],
  invalidates: [showsKey, ...CLIP_LIST_KEYS],
};

export const liveShowsOptions = (api: ApiClient) => routeQueryOptions(api, liveContract.shows, {});

/** The seller's shows and replays (core/live contract). */
export function useLiveShows(enabled: boolean) {
  return useRouteQuery(liveContract.shows, {}, { enabled });
}

export function useScheduleShow() {
  const queryClient = useQueryClient();
  return useRouteMutation(liveContract.schedule, {
    onSuccess: () => invalidateKeys(queryClient, [showsKey]),
  });
}

export function useReplayToPopclip() {
  const queryClient = useQueryClient();
  return useRouteMutation(liveContract.replayToPopclip, {
    // The new clip shows in the Popclips list, which polls while it processes.
    onSuccess: () => invalidateClipLists(queryClient),
  });
}

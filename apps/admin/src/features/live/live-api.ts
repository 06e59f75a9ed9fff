import { liveContract } from '@popstage/core/live';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateRoute, useRouteMutation, useRouteQuery } from '../../lib/api/hooks';

/** The seller's shows and replays (core/live contract). */
export function useLiveShows(enabled: boolean) {
  return useRouteQuery(liveContract.shows, {}, { enabled });
}

export function useScheduleShow() {
  const queryClient = useQueryClient();
  return useRouteMutation(liveContract.schedule, {
    onSuccess: () => invalidateRoute(queryClient, liveContract.shows),
  });
}

export function useReplayToPopclip() {
  const queryClient = useQueryClient();
  return useRouteMutation(liveContract.replayToPopclip, {
    // The new clip shows in the Popclips list, which polls while it processes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popclips'] }),
  });
}

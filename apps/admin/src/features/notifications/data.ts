import { NOTIFICATION_PAGE_SIZE, notificationsContract } from '@popstage/core/notifications';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../lib/api/client';
import {
  type CacheKeys,
  invalidateKeys,
  routeKey,
  routeQueryOptions,
  useRouteQuery,
} from '../../lib/api/hooks';

const listKey = routeKey(notificationsContract.list);

export const cacheKeys: CacheKeys = { queries: [listKey], invalidates: [listKey] };

const pageInput = (cursor: string | null) => ({
  query: { limit: NOTIFICATION_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
});

/** The first page (the loaders' prefetch; the same input as useNotifications(null)). */
export const firstNotificationsOptions = (api: ApiClient) =>
  routeQueryOptions(api, notificationsContract.list, pageInput(null));

/** A page of the shop's notifications (10), by cursor; the shop's time zone comes with it. */
export function useNotifications(cursor: string | null) {
  return useRouteQuery(notificationsContract.list, pageInput(cursor), {
    placeholderData: keepPreviousData,
    select: (answer) => answer.data,
    // Pending ones turn sent at their minute: refresh while any is pending.
    refetchInterval: (query) =>
      query.state.data?.data.items.some((item) => item.status === 'pending') ? 5_000 : false,
  });
}

export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateKeys(queryClient, [listKey]), [queryClient]);
}

import { NOTIFICATION_PAGE_SIZE, notificationsContract } from '@popstage/core/notifications';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateRoute, useRouteQuery } from '../../lib/api/hooks';

/** A page of the shop's notifications (10), by cursor; the shop's time zone comes with it. */
export function useNotifications(cursor: string | null) {
  return useRouteQuery(
    notificationsContract.list,
    { query: { limit: NOTIFICATION_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
    {
      placeholderData: keepPreviousData,
      select: (answer) => answer.data,
      // Pending ones turn sent at their minute: refresh while any is pending.
      refetchInterval: (query) =>
        query.state.data?.data.items.some((item) => item.status === 'pending') ? 5_000 : false,
    },
  );
}

export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateRoute(queryClient, notificationsContract.list), [queryClient]);
}

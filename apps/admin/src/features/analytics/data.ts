import {
  type AttributionWindowDays,
  analyticsContract,
  DASHBOARD_MAX_PAGE_SIZE,
  type DashboardQuery,
  toCsv,
} from '@popstage/core/analytics';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api/client';
import {
  type CacheKeys,
  routeKey,
  routeQueryOptions,
  useRouteMutation,
  useRouteQuery,
} from '../../lib/api/hooks';
import { saveFile } from '../../lib/save-file';

/** Insights calls (spec 02 §7 analytics service) through the analytics contract. */

export const cacheKeys: CacheKeys = {
  queries: [
    analyticsContract.popclipsSummary,
    analyticsContract.popclipsDaily,
    analyticsContract.popclipsWeekly,
    analyticsContract.popclipsMonthly,
    analyticsContract.popclipsStats,
    analyticsContract.carouselsStats,
    analyticsContract.popclipDetail,
    analyticsContract.attributionAccess,
    analyticsContract.holdout,
    analyticsContract.csReports,
  ].map((route) => routeKey(route)),
  invalidates: [routeKey(analyticsContract.holdout, {})],
};

/** What every dashboard call carries besides shop_id. */
export interface InsightsFilter {
  from?: string;
  to?: string;
  window: AttributionWindowDays;
  compare: boolean;
}

export function dashboardInput(shopId: string, filter: InsightsFilter) {
  return {
    query: {
      shop_id: shopId,
      window: filter.window,
      compare: filter.compare ? ('true' as const) : ('false' as const),
      ...(filter.from && filter.to ? { from: filter.from, to: filter.to } : {}),
    } satisfies Partial<Record<keyof DashboardQuery, unknown>>,
  };
}

/** The dashboard's summary (the loader prefetches it with the URL's filter). */
export const summaryOptions = (api: ApiClient, shopId: string, filter: InsightsFilter) =>
  routeQueryOptions(api, analyticsContract.popclipsSummary, dashboardInput(shopId, filter));

export const useSummary = (shopId: string, filter: InsightsFilter) =>
  useRouteQuery(analyticsContract.popclipsSummary, dashboardInput(shopId, filter), {
    select: (answer) => answer.data.items[0],
  });
export const useDaily = (shopId: string, filter: InsightsFilter) =>
  useRouteQuery(analyticsContract.popclipsDaily, dashboardInput(shopId, filter), {
    select: (answer) => answer.data.items,
  });
export const useWeekly = (shopId: string, filter: InsightsFilter) =>
  useRouteQuery(analyticsContract.popclipsWeekly, dashboardInput(shopId, filter), {
    select: (answer) => answer.data.items,
  });
export const useMonthly = (shopId: string, filter: InsightsFilter) =>
  useRouteQuery(analyticsContract.popclipsMonthly, dashboardInput(shopId, filter), {
    select: (answer) => answer.data.items,
  });

export function usePopclipsStats(
  shopId: string,
  filter: InsightsFilter,
  page: { cursor?: string; searchValue?: string },
) {
  const input = dashboardInput(shopId, filter);
  return useRouteQuery(
    analyticsContract.popclipsStats,
    {
      query: {
        ...input.query,
        limit: 5,
        ...(page.cursor ? { cursor: page.cursor } : {}),
        ...(page.searchValue ? { searchValue: page.searchValue } : {}),
      },
    },
    { select: (answer) => answer.data, placeholderData: (previous) => previous },
  );
}

export function useCarouselsStats(shopId: string, filter: InsightsFilter, cursor?: string) {
  const input = dashboardInput(shopId, filter);
  return useRouteQuery(
    analyticsContract.carouselsStats,
    { query: { ...input.query, limit: 5, ...(cursor ? { cursor } : {}) } },
    { select: (answer) => answer.data, placeholderData: (previous) => previous },
  );
}

export const usePopclipDetail = (shopId: string, filter: InsightsFilter, popclipId: string) =>
  useRouteQuery(
    analyticsContract.popclipDetail,
    { params: { popclipId }, ...dashboardInput(shopId, filter) },
    { select: (answer) => answer.data },
  );

/** Every row of a paged table (for CSV export), in pages of the largest size. */
export async function allRows<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const answer = await fetchPage(cursor);
    rows.push(...answer.items);
    if (!answer.cursor) break;
    cursor = answer.cursor;
  }
  return rows;
}

export async function allPopclipRows(
  api: ApiClient,
  shopId: string,
  filter: InsightsFilter,
  searchValue?: string,
) {
  const input = dashboardInput(shopId, filter);
  return allRows(async (cursor) => {
    const answer = await api.call(analyticsContract.popclipsStats, {
      query: {
        ...input.query,
        limit: DASHBOARD_MAX_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
        ...(searchValue ? { searchValue } : {}),
      },
    });
    return answer.data;
  });
}

export async function allCarouselRows(api: ApiClient, shopId: string, filter: InsightsFilter) {
  const input = dashboardInput(shopId, filter);
  return allRows(async (cursor) => {
    const answer = await api.call(analyticsContract.carouselsStats, {
      query: { ...input.query, limit: DASHBOARD_MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    });
    return answer.data;
  });
}

/** Saves a CSV file in the browser (a UTF-8 BOM so spreadsheet apps read accents right). */
export function downloadCsv<T>(
  fileName: string,
  columns: Parameters<typeof toCsv<T>>[0],
  rows: readonly T[],
): void {
  saveFile(
    fileName,
    new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }),
  );
}

const REPORT_INPUT = { query: { dashboardId: '737', subdomain: 'data' } } as const;

/** The embedded report's signed URL (looker_dashboard). */
export const reportUrlOptions = (api: ApiClient) =>
  routeQueryOptions(api, analyticsContract.csReports, REPORT_INPUT);

/** The embedded report's signed URL, good for a while. */
export const useInsightsReportUrl = () =>
  useRouteQuery(analyticsContract.csReports, REPORT_INPUT, {
    select: (answer) => answer.data.url,
    staleTime: 10 * 60_000,
  });

/** Whether Shopify lets Popstage read orders yet (protected customer data): attribution needs it. */
export const useAttributionAccess = () =>
  useRouteQuery(
    analyticsContract.attributionAccess,
    {},
    { select: (answer) => answer.ordersAccess },
  );

/** The holdout test: its share, groups and estimate. */
export const useHoldout = () => useRouteQuery(analyticsContract.holdout, {});

/** Starts, changes or stops the holdout test; the answer replaces the cached one. */
export function useSetHoldout() {
  const queryClient = useQueryClient();
  return useRouteMutation(analyticsContract.setHoldout, {
    onSuccess: (answer) =>
      queryClient.setQueryData(routeKey(analyticsContract.holdout, {}), answer),
  });
}

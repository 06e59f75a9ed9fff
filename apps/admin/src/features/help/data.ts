import { helpCenterContract, helpContract, type SupportRequestBody } from '@popstage/core/help';
import type { ApiClient } from '../../lib/api/client';
import { type CacheKeys, routeKey, routeQueryOptions, useRouteQuery } from '../../lib/api/hooks';

/** The help area's calls: the help center (core/help help-center.ts) and the support widget. */

export const cacheKeys: CacheKeys = {
  queries: [
    routeKey(helpCenterContract.tree),
    routeKey(helpCenterContract.search),
    routeKey(helpCenterContract.article),
  ],
  invalidates: [],
};

/** The help center's content changes rarely. */
const STALE_MS = 5 * 60_000;

/** What the screens' loaders prefetch: the same inputs as the hooks below. */
export const helpTreeOptions = (api: ApiClient) =>
  routeQueryOptions(api, helpCenterContract.tree, {});

export const helpArticleOptions = (api: ApiClient, articleId: string) =>
  routeQueryOptions(api, helpCenterContract.article, { params: { articleId } });

export function useHelpCenterTree() {
  return useRouteQuery(helpCenterContract.tree, {}, { staleTime: STALE_MS });
}

export function useHelpSearch(query: string) {
  return useRouteQuery(
    helpCenterContract.search,
    { query: { query } },
    { enabled: query.trim() !== '', staleTime: STALE_MS },
  );
}

export function useHelpArticle(articleId: string) {
  return useRouteQuery(
    helpCenterContract.article,
    { params: { articleId } },
    { staleTime: STALE_MS, retry: false },
  );
}

/** The support widget's calls (docs/api.md) through the help contract. */

export async function fetchZendeskToken(api: ApiClient): Promise<string> {
  return (await api.call(helpContract.zendeskToken, {})).data.zendeskToken.jwt;
}

export async function sendSupportRequest(api: ApiClient, body: SupportRequestBody) {
  return (await api.call(helpContract.sendSupportRequest, { body })).data;
}
